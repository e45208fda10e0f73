import { DataDirLockedError } from "#server/kernel/data-lock.ts";

// How the owner's commands end (`npm run storage:migrate`, `images:variants`): the exit code `main` answers, or a
// message without a stack trace and exit code 1, with what to do when the embedded database is held by a server.
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof DataDirLockedError)
        console.error(`${error.message}\nStop the server first, or use DATABASE_URL, then run this again.`);
      else console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
