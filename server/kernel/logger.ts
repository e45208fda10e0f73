import { createRequire } from "node:module";
import { pino, type Logger as Pino } from "pino";

// The server's log (docs/architecture.md "Logs"): JSON lines on stdout, one object per event with `level`, `time`
// and `msg` and the event's own fields, which is what log platforms read; readable lines in `npm run dev`
// (LOG_FORMAT=pretty, through pino-pretty). No secrets are ever passed in.

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export type LogFormat = "json" | "pretty";

/** The format before the environment is validated: the start's own errors are logged in it too. */
export function logFormatOf(source: Record<string, string | undefined>): LogFormat {
  if (source.LOG_FORMAT === "json" || source.LOG_FORMAT === "pretty") return source.LOG_FORMAT;
  return source.NODE_ENV === "development" ? "pretty" : "json";
}

export function createLogger(format: LogFormat = "json"): Logger {
  return wrap(pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, prettyStream(format)));
}

/** pino-pretty is a development dependency: without it (a production install) the log stays JSON. */
function prettyStream(format: LogFormat): NodeJS.WritableStream | undefined {
  if (format !== "pretty") return undefined;
  try {
    const require = createRequire(import.meta.url);
    const pretty = require("pino-pretty") as (options: object) => NodeJS.WritableStream;
    return pretty({ colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" });
  } catch {
    return undefined;
  }
}

function wrap(logger: Pino): Logger {
  return {
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}

/** For tests: keeps lines in memory so a test can assert what was logged. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push(`${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ""}`);
  };
  return { lines, info: push("info"), warn: push("warn"), error: push("error") };
}
