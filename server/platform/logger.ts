export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function write(stream: NodeJS.WriteStream, level: string, message: string, fields?: Record<string, unknown>) {
  const extra = fields ? ` ${JSON.stringify(fields)}` : "";
  stream.write(`${new Date().toISOString()} ${level} ${message}${extra}\n`);
}

/** One line per event on stdout/stderr; no secrets are ever passed in. */
export function createLogger(): Logger {
  return {
    info: (message, fields) => write(process.stdout, "info", message, fields),
    warn: (message, fields) => write(process.stderr, "warn", message, fields),
    error: (message, fields) => write(process.stderr, "error", message, fields),
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
