import { AUDIT_RETENTION_DAYS_DEFAULT } from "#core/audit.ts";
import path from "node:path";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#core/passwords.ts";

// Every environment variable the server reads, validated in one place (docs/architecture.md "Environment").
// A bad value stops the start with a message naming the variable and what is wrong.

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "must be a whole number between 0 and 65535" })
    .int("must be a whole number between 0 and 65535")
    .min(0, "must be a whole number between 0 and 65535")
    .max(65535, "must be a whole number between 0 and 65535")
    .default(3000),
  HOST: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.:[\]-]+$/, "must be a host name or IP address")
      .optional(),
  ),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  SITE_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// URL" }).optional(),
  ),
  ADMIN_PASSWORD: optionalText.pipe(
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, `must have at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `must have at most ${PASSWORD_MAX_LENGTH} characters`)
      .optional(),
  ),
  ADMIN_PATH: optionalText.pipe(
    z
      .string()
      .regex(/^\/[\w-]+$/, "must be a path such as /admin-mh2025 (letters, digits, - and _)")
      .optional(),
  ),
  CONTACT_FORM_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[\w-]{1,64}$/, "must be 1–64 letters, digits, - or _")
      .optional(),
  ),
  CONTACT_FORM_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https$/, error: "must be an absolute https:// URL" }).optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .url({
        protocol: /^smtps?$/,
        error: "must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465",
      })
      .optional(),
  ),
  SMTP_FROM: optionalText.pipe(z.email("must be an e-mail address").optional()),
  SMTP_TO: optionalText.pipe(z.email("must be an e-mail address").optional()),
  SAMPLE_PROJECTS: z
    .enum(["on", "off"], { error: "must be on or off" })
    .default("on")
    .transform((value) => value === "on"),
  PAGE_CACHE_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds from 0 to 3600" })
    .int("must be a whole number of seconds from 0 to 3600")
    .min(0, "must be a whole number of seconds from 0 to 3600")
    .max(3600, "must be a whole number of seconds from 0 to 3600")
    .default(10),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: "must be a whole number of days from 1 to 3650" })
    .int("must be a whole number of days from 1 to 3650")
    .min(1, "must be a whole number of days from 1 to 3650")
    .max(3650, "must be a whole number of days from 1 to 3650")
    .default(AUDIT_RETENTION_DAYS_DEFAULT),
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false"], { error: "must be 0, 1, true or false" })
    .optional()
    .transform((value) => value === "1" || value === "true"),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name (3–63 lowercase letters, digits, . and -)",
      )
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// URL" }).optional(),
  ),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, "must be a region name such as eu-central-1 or auto")
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(["0", "1", "true", "false"], { error: "must be 0, 1, true or false" })
    .optional()
    .transform((value) => value === "1" || value === "true"),
  S3_PUBLIC_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// URL" }).optional(),
  ),
  LOG_FORMAT: z.enum(["json", "pretty"], { error: "must be json or pretty" }).optional(),
  LOG_REQUESTS: z
    .enum(["0", "1", "true", "false"], { error: "must be 0, 1, true or false" })
    .optional()
    .transform((value) => value === "1" || value === "true"),
});

/** The names of every variable the server reads; docs/architecture.md "Environment" lists each of them. */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

/** An S3-compatible bucket for uploads (docs/architecture.md "Storage"). */
export interface S3Settings {
  bucket: string;
  /** Absent means AWS itself. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Absent means the AWS SDK's own chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where the bucket is served from (a CDN): image addresses redirect there. */
  publicUrl: string | undefined;
}

export interface ServerEnv {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  siteUrl: string;
  /**
   * SITE_URL's origin when it is set: the absolute base of canonical links, feeds, the sitemap and share images.
   * Unset, each request's own origin is used (the server says so once at start).
   */
  publicOrigin: string | undefined;
  adminPassword: string | undefined;
  adminPath: string;
  contactFormId: string;
  /**
   * An external Formspree-compatible endpoint the contact page posts to instead of ours; its origin is then
   * allowed by the CSP (decision 012).
   */
  contactFormEndpoint: string | undefined;
  /** Where the owner's new-message e-mails go out; unset means no e-mail (the inbox still has them). */
  smtpUrl: string | undefined;
  /** Sender and recipient of those e-mails; both default to the owner's e-mail of config/site.ts. */
  smtpFrom: string | undefined;
  smtpTo: string | undefined;
  /** Uploads go to this bucket instead of DATA_DIR/storage. */
  s3: S3Settings | undefined;
  /** A log line per request (off unless LOG_REQUESTS is set; on in the Docker image). */
  logRequests: boolean;
  /** Behind a reverse proxy: take the client's address from the last X-Forwarded-For entry. */
  trustProxy: boolean;
  /** docs/product.md §3/§4: the four sample projects stand in while there are none; an owner may turn them off. */
  sampleProjects: boolean;
  /** How long a rendered public page is reused; 0 renders every request (decision 008). */
  pageCacheSeconds: number;
  /** How long the audit log keeps an event (docs/product.md §26). */
  auditRetentionDays: number;
}

export class EnvError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
    this.problems = problems;
  }
}

export function loadEnv(source: Record<string, string | undefined>, cwd = process.cwd()): ServerEnv {
  // A variable left empty (`PORT=` in a .env file) counts as unset: an empty PORT must not mean port 0.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value?.trim() !== ""));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        const value = source[name];
        const secret = SECRET_VARIABLES.has(name);
        const shown = secret ? "" : ` (got "${value}")`;
        return `${name} ${issue.message}${value === undefined ? "" : shown}`;
      }),
    );
  }
  const env = parsed.data;
  const s3Problems = checkS3(env);
  if (s3Problems.length > 0) throw new EnvError(s3Problems);
  const port = env.PORT;
  return {
    nodeEnv: env.NODE_ENV,
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(cwd, env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL,
    siteUrl: (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    publicOrigin: env.SITE_URL ? new URL(env.SITE_URL).origin : undefined,
    adminPassword: env.ADMIN_PASSWORD,
    adminPath: env.ADMIN_PATH ?? "/admin-mh2025",
    contactFormId: env.CONTACT_FORM_ID ?? "contact",
    contactFormEndpoint: env.CONTACT_FORM_ENDPOINT,
    smtpUrl: env.SMTP_URL,
    smtpFrom: env.SMTP_FROM,
    smtpTo: env.SMTP_TO,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? "us-east-1",
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ""),
        }
      : undefined,
    logRequests: env.LOG_REQUESTS,
    trustProxy: env.TRUST_PROXY,
    sampleProjects: env.SAMPLE_PROJECTS,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
  };
}

const SECRET_VARIABLES = new Set(["ADMIN_PASSWORD", "DATABASE_URL", "SMTP_URL", "S3_SECRET_ACCESS_KEY"]);

/** The S3 variables only make sense together: a bucket, and both halves of a key or neither. */
function checkS3(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const others = (
    ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const
  ).filter((name) => env[name] !== undefined);
  if (!env.S3_BUCKET && others.length > 0)
    problems.push(`S3_BUCKET must be set when ${others.join(", ")} ${others.length > 1 ? "are" : "is"} set`);
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  return problems;
}
