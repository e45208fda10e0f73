// `npm run admin:password`: sets a new owner password and ends every session (docs/product.md §11, decision 009).
// The password comes from the terminal (asked twice, not shown), from standard input when it is piped, or is
// generated with --generate and printed once. Only its argon2id hash is stored. With --reset-factors it removes
// every second factor instead (docs/product.md §22): the owner's way back in after losing the phone and the codes.
// With --link it prints a one-time sign-in link instead (docs/product.md §25.9): the way in for a new browser while
// strangers hold sign-in or second-factor codes paused, made by the running server when it holds the embedded
// database.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { sessions } from "#db/schema.ts";
import { createOwnerAuth, SIGN_IN_LINK_MS } from "#server/features/auth/owner-auth.ts";
import { readLocalChannel } from "#server/features/backup/local-channel.ts";
import { passwordProblem } from "#core/passwords.ts";
import { generatePassword } from "#server/features/auth/password.ts";
import { passwordWeakness } from "#server/features/auth/weak-passwords.ts";
import { readSettings } from "#server/features/settings/service.ts";
import { apiErrorText } from "#core/api-errors.ts";
import { siteConfig } from "#config/site.ts";
import { DataDirLockedError } from "#server/kernel/data-lock.ts";
import { EnvError, loadEnv } from "#server/kernel/env.ts";
import { createLogger, logFormatOf } from "#server/kernel/logger.ts";
import { openDatabase, type OpenedDatabase } from "#server/kernel/database.ts";
import { recordAudit } from "#server/features/audit/service.ts";

/** Asks on the terminal without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    prompt.question(question, (answer) => {
      prompt.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readPiped(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, "");
}

async function choosePassword(): Promise<{ password: string; generated: boolean }> {
  if (process.argv.includes("--generate")) return { password: generatePassword(), generated: true };
  if (!process.stdin.isTTY) return { password: await readPiped(), generated: false };
  const first = await askHidden("New owner password: ");
  const again = await askHidden("The same password again: ");
  if (first !== again) throw new Error("The two passwords differ; nothing was changed.");
  return { password: first, generated: false };
}

/** Removes every second factor and recovery code and ends every session; the password stays. */
async function resetFactors(database: OpenedDatabase["database"]) {
  const auth = createOwnerAuth({ db: database.db, logger: createLogger(logFormatOf(process.env)) });
  await auth.factors.resetAll();
  await database.db.delete(sessions);
  await recordAudit(database.db, { action: "factorsReset", subject: "npm run admin:password" });
  console.log(
    "Every second factor and recovery code was removed and every session was ended; sign in with the password alone.",
  );
}

async function setPassword(database: OpenedDatabase["database"]) {
  const { password, generated } = await choosePassword();
  const problem = passwordProblem(password);
  if (problem) throw new Error(`${problem} Nothing was changed.`);
  if (!generated) {
    const settings = await readSettings(database.db, siteConfig);
    const weakness = await passwordWeakness(password, [settings.name.en, settings.name.ar, settings.email]);
    if (weakness) throw new Error(`${apiErrorText("en", weakness)} Nothing was changed.`);
  }
  await createOwnerAuth({ db: database.db, logger: createLogger(logFormatOf(process.env)) }).setPassword(
    password,
  );
  await recordAudit(database.db, { action: "passwordReset", subject: "npm run admin:password" });
  console.log("The owner's password was changed and every session was ended.");
  if (generated) console.log(`New password (shown only now): ${password}`);
}

/** Prints a one-time sign-in link: made in the database, or by the running server that holds it. */
async function printSignInLink() {
  const env = loadEnv(process.env);
  let link: { path: string; expiresAt: Date };
  try {
    const { database, close } = await openDatabase(env, { existingSite: true });
    try {
      const auth = createOwnerAuth({ db: database.db, logger: createLogger(logFormatOf(process.env)) });
      const { token, expiresAt } = await auth.issueSignInLink();
      link = { path: `/api/auth/link/${token}`, expiresAt };
      await recordAudit(database.db, { action: "signInLinkMade", subject: "npm run admin:password" });
    } finally {
      await close();
    }
  } catch (error) {
    const channel = error instanceof DataDirLockedError ? readLocalChannel(env.dataDir) : undefined;
    if (!channel) throw error;
    const response = await fetch(`${channel.url}/api/auth/link`, {
      method: "POST",
      headers: { Authorization: `Bearer ${channel.key}` },
    }).catch((failed: unknown) => {
      throw new Error(`The running server at ${channel.url} did not answer (${String(failed)}).`, {
        cause: failed,
      });
    });
    if (response.status !== 201)
      throw new Error(`The running server at ${channel.url} refused the link (HTTP ${response.status}).`, {
        cause: error,
      });
    const answer = (await response.json()) as { path: string; expiresAt: string };
    link = { path: answer.path, expiresAt: new Date(answer.expiresAt) };
  }
  console.log(
    `Open this link once, in the browser to sign in with, within ${SIGN_IN_LINK_MS / 60_000} minutes (until ${link.expiresAt.toISOString()}):`,
  );
  console.log(`${env.siteUrl}${link.path}`);
  console.log("It signs in without the password or a second factor; keep it to yourself.");
}

async function main() {
  if (process.argv.includes("--link")) return printSignInLink();
  const env = loadEnv(process.env);
  // Opened before anything is asked: a server holding the embedded database (it must be stopped first), or no site
  // where DATA_DIR points, is said before the owner types a password.
  const { database, close } = await openDatabase(env, { existingSite: true });
  try {
    if (process.argv.includes("--reset-factors")) await resetFactors(database);
    else await setPassword(database);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nStop the server first, then run this again.`);
  } else if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exit(1);
});
