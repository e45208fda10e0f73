// A background loop that runs one piece of work at a time: on start, every `intervalMs` after the last run ended,
// and soon after a kick. Runs never overlap (each waits for the one before), a failed run is handed to `onError`
// and the loop goes on, and stop waits for the run in progress. The work is given `stopping()` so that a long
// round can end early once the loop is stopped.

export interface SerialRunner {
  /** Runs the work once, after any run in progress; the loop calls it, and so may tests. */
  runOnce: () => Promise<void>;
  /** Something is due now: run soon rather than at the next round (several kicks make one run). */
  kick: () => void;
  /** Starts the loop with a first run; a second call while it runs does nothing. */
  start: () => void;
  /** Stops the loop, runs a kick still pending (work is never left for the next start), and waits for it. */
  stop: () => Promise<void>;
}

export function createSerialRunner(options: {
  work: (stopping: () => boolean) => Promise<void>;
  intervalMs: number;
  /** A run failed; the loop tries again at the next round. */
  onError: (error: unknown) => void;
}): SerialRunner {
  let chain: Promise<void> = Promise.resolve();
  let running = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let kickPending = false;
  const stopping = () => stopped;

  function runOnce(): Promise<void> {
    const run = chain.then(() => options.work(stopping));
    chain = run.catch(() => undefined);
    return run;
  }

  const runLogged = () => runOnce().catch(options.onError);

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void runLogged().finally(schedule);
    }, options.intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    kick() {
      if (stopped || kickPending) return;
      kickPending = true;
      setImmediate(() => {
        if (!kickPending) return;
        kickPending = false;
        void runLogged();
      });
    },
    start() {
      if (running) return;
      running = true;
      stopped = false;
      void runLogged();
      schedule();
    },
    async stop() {
      running = false;
      stopped = true;
      clearTimeout(timer);
      if (kickPending) {
        kickPending = false;
        await runLogged();
      }
      await chain;
    },
  };
}
