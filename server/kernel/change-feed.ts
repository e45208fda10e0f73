import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "./logger.ts";

// Every instance of the site on one PostgreSQL hears of every write (docs/architecture.md "Many instances"): the
// owner's change is announced on a channel (NOTIFY), and every other instance forgets its rendered pages at once
// (LISTEN). The listening connection can drop; while it is down an instance cannot know what changed elsewhere, so
// it is told (`onDown`) and serves no kept page until it is back (`onUp`), reconnecting with a growing pause.
// With the embedded database there is one instance: the feed only calls this one's listeners.

export const CHANGES_CHANNEL = "sira_content_changed";

export interface ChangeFeed {
  /** Announces a change: this instance's listeners now, every other instance's as the notification arrives. */
  publish(): Promise<void>;
  /** Calls `listener` on every change, from this instance or another. */
  subscribe(listener: () => void): () => void;
  /** While the listening connection is down: `down` true, and kept pages must not be trusted. */
  watch(onState: (down: boolean) => void): void;
  close(): Promise<void>;
}

/** The feed of the embedded database: one instance, nothing to hear from elsewhere. */
export function localChangeFeed(): ChangeFeed {
  const listeners = new Set<() => void>();
  return {
    publish() {
      for (const listener of listeners) listener();
      return Promise.resolve();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch() {},
    close: () => Promise.resolve(),
  };
}

/** The feed of a PostgreSQL server shared by several instances. */
export function postgresChangeFeed(
  databaseUrl: string,
  logger: Logger,
  options: { retryMs?: readonly number[]; name?: string } = {},
): ChangeFeed & { ready: Promise<void> } {
  const instance = randomUUID();
  const retryMs = options.retryMs ?? [250, 1_000, 5_000, 15_000];
  const listeners = new Set<() => void>();
  const watchers = new Set<(down: boolean) => void>();
  const publisher = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 5_000 });
  publisher.on("error", () => undefined);
  let client: pg.Client | undefined;
  let closed = false;
  let down = true;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const notifyLocal = () => {
    for (const listener of listeners) listener();
  };
  const setDown = (value: boolean) => {
    if (down === value) return;
    down = value;
    for (const watcher of watchers) watcher(value);
  };

  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5_000,
      application_name: options.name ?? "sira-changes",
    });
    next.on("notification", (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload !== instance) notifyLocal();
    });
    const lost = (reason: unknown) => {
      if (client !== next || closed) return;
      client = undefined;
      logger.warn("change feed disconnected; kept pages are not used until it is back", {
        error: String(reason),
      });
      setDown(true);
      next.end().catch(() => undefined);
      schedule();
    };
    next.on("error", lost);
    next.on("end", () => lost("connection ended"));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => undefined);
      if (attempt === 0) logger.warn("change feed could not connect; retrying", { error: String(error) });
      schedule();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    // Whatever changed while this instance was not listening is unknown: its kept pages go.
    notifyLocal();
    setDown(false);
    markReady();
  }

  function schedule() {
    if (closed) return;
    const pause = retryMs[Math.min(attempt, retryMs.length - 1)]!;
    attempt++;
    timer = setTimeout(() => void connect(), pause);
    timer.unref();
  }

  void connect();

  return {
    ready,
    async publish() {
      notifyLocal();
      try {
        await publisher.query("select pg_notify($1, $2)", [CHANGES_CHANNEL, instance]);
      } catch (error) {
        // The other instances' pages expire within PAGE_CACHE_SECONDS anyway; the write itself has landed.
        logger.error("change could not be announced to the other instances", { error: String(error) });
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch(onState) {
      watchers.add(onState);
      onState(down);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
