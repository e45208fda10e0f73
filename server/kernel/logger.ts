import { pino, type Logger as Pino } from "pino";
import pretty from "pino-pretty";

// The server's log (docs/architecture.md "Logs"): readable lines for a person at a terminal (pino-pretty), and JSON
// lines when stdout is not one (a pipe, a container's log, a file), one object per event with `level`, `time` and
// `msg` and the event's own fields, which is what log platforms read. LOG_FORMAT=json or pretty chooses either.
// No secrets are ever passed in.

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export type LogFormat = "json" | "pretty";

/**
 * The format before the environment is validated (the start's own errors are logged in it too): LOG_FORMAT's, else
 * readable lines at a terminal and JSON anywhere else.
 */
export function logFormatOf(
  source: Record<string, string | undefined>,
  terminal = process.stdout.isTTY === true,
): LogFormat {
  if (source.LOG_FORMAT === "json" || source.LOG_FORMAT === "pretty") return source.LOG_FORMAT;
  return terminal ? "pretty" : "json";
}

export function createLogger(format: LogFormat = "json"): Logger {
  const options = { base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (format === "json") return wrap(pino(options));
  const stream = pretty({
    colorize: process.stdout.isTTY === true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname",
  });
  return wrap(pino(options, stream));
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
