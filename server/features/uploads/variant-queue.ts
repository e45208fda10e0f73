import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { parseImageUrl } from "#core/images.ts";
import type { Database } from "#db/client.ts";
import { variantJobs } from "#db/schema.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { createSerialRunner } from "#server/kernel/serial-runner.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { ServiceError } from "#server/http/errors.ts";
import { removeVariants, storeVariants } from "./variants.ts";

// The variants of an upload are made after the upload has answered (docs/product.md §13, decision 010). Each upload
// leaves a row in variant_jobs; the queue works through the rows one at a time per instance (libvips takes the
// cores it is given), oldest first. An instance claims a row with FOR UPDATE SKIP LOCKED and moves its run_after
// past the time the work can take, so two instances never make the same variants. The claim names the process
// ("host pid run"): a row claimed by a process of this machine that no longer runs (a crash, a power cut) is taken
// up again when the queue starts; one of another machine's is found again once its claim has lapsed.

/** An instance holds a job this long before another may take it (far longer than any image takes). */
const LEASE_MS = 10 * 60_000;
/** This process, as its claims name it: a container restarts its process under the same pid, so a run of its own. */
const CLAIMANT = `${hostname()} ${process.pid} ${randomUUID().slice(0, 8)}`;

/** Whether the process a claim names has died: this machine's, and not running (or an earlier run under this pid). */
function claimantDied(claimant: string): boolean {
  const [host, pid] = claimant.split(" ");
  if (host !== hostname() || !/^\d+$/.test(pid ?? "")) return false;
  if (Number(pid) === process.pid) return claimant !== CLAIMANT;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Pause after a failure that may pass (storage or database down); after the last, the job is given up. */
const RETRY_DELAYS_MS = [1, 5, 30, 120].map((minutes) => minutes * 60_000);

export interface VariantQueue {
  /** Adds the job of a stored upload and wakes the queue. */
  enqueue(url: string): Promise<void>;
  /** An upload was stored or restored: work soon rather than at the next round. */
  kick(): void;
  /** Makes the variants of every job due, one at a time; the loop calls it, and so may tests. */
  runOnce(): Promise<void>;
  /** Starts the loop, beginning with the jobs an earlier run left. */
  start(): void;
  /** Stops the loop and waits for the job in progress; call before closing the database. */
  stop(): Promise<void>;
}

export function createVariantQueue(deps: {
  db: Database;
  images: ImageStore;
  logger: Logger;
  /** Told when an upload's variants are recorded: pages that show it are rendered again with them. */
  contentChanged: () => void;
  now?: () => Date;
  /** How often the loop looks for jobs (another instance's, a lapsed claim). */
  intervalMs?: number;
}): VariantQueue {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function claim() {
    const at = now();
    const due = db
      .select({ url: variantJobs.url })
      .from(variantJobs)
      .where(lte(variantJobs.run_after, at))
      .orderBy(asc(variantJobs.created_at))
      .limit(1)
      .for("update", { skipLocked: true });
    // One statement claims the row: another instance running the same query skips it.
    const [job] = await db
      .update(variantJobs)
      .set({
        attempts: sql`${variantJobs.attempts} + 1`,
        run_after: new Date(at.getTime() + LEASE_MS),
        claimed_by: CLAIMANT,
      })
      .where(inArray(variantJobs.url, due))
      .returning();
    return job;
  }

  async function work(job: { url: string; attempts: number }) {
    const stored = parseImageUrl(job.url);
    const bytes =
      stored && (await deps.images.exists(stored.folder, stored.name))
        ? await deps.images.read(stored.folder, stored.name)
        : null;
    if (!stored || !bytes) {
      // The upload is gone (removed while its job waited): nothing to make.
      await db.delete(variantJobs).where(eq(variantJobs.url, job.url));
      return;
    }
    try {
      await storeVariants(deps, stored.folder, stored.name, bytes);
    } catch (error) {
      const broken = error instanceof ServiceError;
      const delay = broken ? undefined : RETRY_DELAYS_MS[job.attempts - 1];
      if (delay === undefined) await db.delete(variantJobs).where(eq(variantJobs.url, job.url));
      else
        await db
          .update(variantJobs)
          .set({ run_after: new Date(now().getTime() + delay), claimed_by: null })
          .where(eq(variantJobs.url, job.url));
      logger.error(delay === undefined ? "image variants given up" : "image variants failed; will retry", {
        url: job.url,
        attempt: job.attempts,
        error: String(error),
      });
      return;
    }
    const [kept] = await db.delete(variantJobs).where(eq(variantJobs.url, job.url)).returning();
    if (!kept) {
      // The upload was removed while its variants were being made: they go too.
      await removeVariants(deps, stored.folder, stored.name);
      return;
    }
    logger.info("image variants made", { url: job.url });
    deps.contentChanged();
  }

  /** Makes the jobs that dead processes of this machine had claimed due now. */
  async function takeUpOrphans() {
    const claimed = await db
      .selectDistinct({ claimedBy: variantJobs.claimed_by })
      .from(variantJobs)
      .where(isNotNull(variantJobs.claimed_by));
    const dead = claimed.map((row) => row.claimedBy!).filter(claimantDied);
    if (dead.length === 0) return;
    const taken = await db
      .update(variantJobs)
      .set({ run_after: now(), claimed_by: null })
      .where(
        and(
          inArray(variantJobs.claimed_by, dead),
          sql`${variantJobs.run_after} > ${now().toISOString()}::timestamptz`,
        ),
      )
      .returning({ url: variantJobs.url });
    if (taken.length > 0)
      logger.info("image variants taken up again after a stop in their middle", { jobs: taken.length });
  }

  let orphansTakenUp = false;
  const runner = createSerialRunner({
    intervalMs: deps.intervalMs ?? 60_000,
    async work(stopping) {
      if (!orphansTakenUp) {
        await takeUpOrphans();
        orphansTakenUp = true;
      }
      for (;;) {
        if (stopping()) return;
        const job = await claim();
        if (!job) return;
        await work(job);
      }
    },
    onError(error) {
      logger.error("image variants could not be made", { error: String(error) });
    },
  });

  return {
    async enqueue(url) {
      await db.insert(variantJobs).values({ url }).onConflictDoNothing();
      runner.kick();
    },
    kick: runner.kick,
    runOnce: runner.runOnce,
    start: runner.start,
    stop: runner.stop,
  };
}
