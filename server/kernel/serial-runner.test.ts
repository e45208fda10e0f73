import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createSerialRunner } from "./serial-runner.ts";

/** Work that records when each run starts and ends, taking `ms`; `fail` makes the next run throw. */
function recorder(ms = 5) {
  const events: string[] = [];
  let runs = 0;
  let fail = false;
  return {
    events,
    failNext: () => (fail = true),
    work: async () => {
      const n = ++runs;
      events.push(`start ${n}`);
      await sleep(ms);
      events.push(`end ${n}`);
      if (fail) {
        fail = false;
        throw new Error(`run ${n} failed`);
      }
    },
  };
}

describe("createSerialRunner", () => {
  it("never overlaps runs, however they are asked for", async () => {
    const work = recorder();
    const runner = createSerialRunner({ work: work.work, intervalMs: 60_000, onError: () => undefined });
    runner.kick();
    await Promise.all([runner.runOnce(), runner.runOnce()]);
    await runner.runOnce();
    expect(work.events).toEqual([
      "start 1",
      "end 1",
      "start 2",
      "end 2",
      "start 3",
      "end 3",
      "start 4",
      "end 4",
    ]);
  });

  it("makes one run of several kicks, and runs at each interval after start until stopped", async () => {
    const work = recorder(1);
    const runner = createSerialRunner({ work: work.work, intervalMs: 20, onError: () => undefined });
    runner.kick();
    runner.kick();
    runner.kick();
    await sleep(10);
    expect(work.events).toEqual(["start 1", "end 1"]);
    runner.start();
    runner.start();
    await sleep(70);
    await runner.stop();
    const runs = work.events.filter((event) => event.startsWith("start")).length;
    // The first run of start (once, though start was called twice), then one every ~20 ms.
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(6);
    await sleep(50);
    expect(work.events.filter((event) => event.startsWith("start")).length).toBe(runs);
  });

  it("hands a failed run to onError and goes on", async () => {
    const work = recorder(1);
    const errors: unknown[] = [];
    const runner = createSerialRunner({
      work: work.work,
      intervalMs: 60_000,
      onError: (e) => errors.push(e),
    });
    work.failNext();
    runner.kick();
    await sleep(10);
    runner.kick();
    await sleep(10);
    expect(errors.map(String)).toEqual(["Error: run 1 failed"]);
    expect(work.events).toEqual(["start 1", "end 1", "start 2", "end 2"]);
  });

  it("on stop, runs a pending kick and waits for it; the work is told it is stopping", async () => {
    const seen: boolean[] = [];
    const runner = createSerialRunner({
      work: async (stopping) => {
        await sleep(5);
        seen.push(stopping());
      },
      intervalMs: 60_000,
      onError: () => undefined,
    });
    runner.kick();
    await runner.stop();
    expect(seen).toEqual([true]);
    runner.kick();
    await sleep(10);
    expect(seen).toEqual([true]);
  });
});
