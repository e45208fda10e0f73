import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.ts";
import { logFormatOf } from "./logger.ts";

const cwd = path.resolve("/srv/sira");

function envError(source: Record<string, string>): EnvError {
  try {
    loadEnv(source, cwd);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error(`expected loadEnv(${JSON.stringify(source)}) to fail`);
}

describe("loadEnv", () => {
  it("works with no configuration at all (docs/architecture.md, Environment)", () => {
    expect(loadEnv({}, cwd)).toMatchObject({
      nodeEnv: "production",
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.join(cwd, "data"),
      databaseUrl: undefined,
      siteUrl: "http://localhost:3000",
      adminPassword: undefined,
      adminPath: "/admin-mh2025",
      contactFormId: "contact",
      contactFormEndpoint: undefined,
      smtpUrl: undefined,
      smtpFrom: undefined,
      smtpTo: undefined,
      logRequests: false,
      sampleProjects: true,
    });
  });

  it("reads every variable", () => {
    expect(
      loadEnv(
        {
          NODE_ENV: "development",
          PORT: "8080",
          HOST: "127.0.0.1",
          DATA_DIR: "/var/lib/sira",
          DATABASE_URL: "postgres://sira:secret@db.internal:5432/sira",
          SITE_URL: "https://mona.dev/",
          ADMIN_PASSWORD: "correct horse battery staple",
          ADMIN_PATH: "/studio_2026",
          CONTACT_FORM_ID: "abc-123",
          CONTACT_FORM_ENDPOINT: "https://formspree.io/f/xyzabcd",
          SMTP_URL: "smtps://mona:mail-secret@smtp.example.com:465",
          SMTP_FROM: "site@mona.dev",
          SMTP_TO: "mona@mona.dev",
          LOG_REQUESTS: "1",
          SAMPLE_PROJECTS: "off",
        },
        cwd,
      ),
    ).toMatchObject({
      nodeEnv: "development",
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/sira",
      databaseUrl: "postgres://sira:secret@db.internal:5432/sira",
      siteUrl: "https://mona.dev",
      adminPassword: "correct horse battery staple",
      adminPath: "/studio_2026",
      contactFormId: "abc-123",
      contactFormEndpoint: "https://formspree.io/f/xyzabcd",
      smtpUrl: "smtps://mona:mail-secret@smtp.example.com:465",
      smtpFrom: "site@mona.dev",
      smtpTo: "mona@mona.dev",
      logRequests: true,
      sampleProjects: false,
    });
  });

  it.each([
    ["data", path.join(cwd, "data")],
    ["./store", path.join(cwd, "store")],
    ["../shared/sira", path.resolve(cwd, "../shared/sira")],
    ["/var/lib/sira", "/var/lib/sira"],
    ["  store  ", path.join(cwd, "store")],
  ])("resolves DATA_DIR %j against the working folder", (value, expected) => {
    expect(loadEnv({ DATA_DIR: value }, cwd).dataDir).toBe(expected);
  });

  it.each([
    [{ PORT: "4000" }, "http://localhost:4000"],
    [{ SITE_URL: "https://example.com" }, "https://example.com"],
    [{ SITE_URL: "https://example.com///" }, "https://example.com"],
    [{ SITE_URL: "http://example.com/blog/" }, "http://example.com/blog"],
  ])("links with %j go to %s", (source, siteUrl) => {
    expect(loadEnv(source, cwd).siteUrl).toBe(siteUrl);
  });

  it.each([
    ["0", false],
    ["false", false],
    ["1", true],
    ["true", true],
  ])("LOG_REQUESTS=%s turns the request log %s", (value, expected) => {
    expect(loadEnv({ LOG_REQUESTS: value }, cwd).logRequests).toBe(expected);
  });

  // A variable left empty in a .env file means "not set", not a strange value.
  it.each([
    "NODE_ENV",
    "PORT",
    "HOST",
    "DATA_DIR",
    "DATABASE_URL",
    "SITE_URL",
    "ADMIN_PASSWORD",
    "ADMIN_PATH",
    "CONTACT_FORM_ID",
    "CONTACT_FORM_ENDPOINT",
    "SMTP_URL",
    "SMTP_FROM",
    "SMTP_TO",
    "SAMPLE_PROJECTS",
    "LOG_REQUESTS",
    "TRUST_PROXY",
  ])("treats an empty %s as unset", (name) => {
    expect(loadEnv({ [name]: "" }, cwd)).toEqual(loadEnv({}, cwd));
    expect(loadEnv({ [name]: "   " }, cwd)).toEqual(loadEnv({}, cwd));
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["HOST", "my host"],
    ["HOST", "http://example.com"],
    ["DATABASE_URL", "mysql://localhost/sira"],
    ["DATABASE_URL", "localhost:5432"],
    ["SITE_URL", "example.com"],
    ["SITE_URL", "ftp://example.com"],
    ["SITE_URL", "javascript:alert(1)"],
    ["ADMIN_PATH", "admin"],
    ["ADMIN_PATH", "/admin/panel"],
    ["ADMIN_PATH", "/admin panel"],
    ["CONTACT_FORM_ID", "has space"],
    ["CONTACT_FORM_ID", "x".repeat(65)],
    ["CONTACT_FORM_ID", "../../etc"],
    ["CONTACT_FORM_ENDPOINT", "http://formspree.io/f/abc"],
    ["CONTACT_FORM_ENDPOINT", "/f/contact"],
    ["SMTP_URL", "http://smtp.example.com"],
    ["SMTP_URL", "smtp.example.com:587"],
    ["SMTP_FROM", "site at mona.dev"],
    ["SMTP_TO", "mona@"],
    ["LOG_REQUESTS", "yes"],
    ["LOG_REQUESTS", "2"],
    ["NODE_ENV", "staging"],
    ["SAMPLE_PROJECTS", "maybe"],
    ["ADMIN_PASSWORD", "short"],
    ["ADMIN_PASSWORD", "x".repeat(1025)],
    ["TRUST_PROXY", "yes"],
  ])("refuses %s=%j with a message naming the variable", (name, value) => {
    const error = envError({ [name]: value });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(new RegExp(`^${name} `));
    expect(error.message).toContain(name);
  });

  it.each([
    [undefined, false],
    ["0", false],
    ["1", true],
    ["true", true],
  ])("TRUST_PROXY=%s reads X-Forwarded-For: %s", (value, expected) => {
    expect(loadEnv(value === undefined ? {} : { TRUST_PROXY: value }, cwd).trustProxy).toBe(expected);
  });

  it("never shows a refused admin password", () => {
    expect(envError({ ADMIN_PASSWORD: "tiny-pw" }).message).not.toContain("tiny-pw");
  });

  it("shows the bad value so the owner can spot the typo", () => {
    expect(envError({ PORT: "30OO" }).message).toContain('"30OO"');
  });

  it("lists every problem at once", () => {
    const error = envError({ PORT: "x", SITE_URL: "nope", ADMIN_PATH: "admin" });
    expect(error.problems.map((problem) => problem.split(" ")[0]).sort()).toEqual([
      "ADMIN_PATH",
      "PORT",
      "SITE_URL",
    ]);
    expect(error.message.split("\n")).toHaveLength(4);
  });

  it("never prints the admin password, the database password or the mail password", () => {
    const error = envError({
      ADMIN_PASSWORD: "hunter2-owner-secret",
      DATABASE_URL: "mysql://sira:db-secret-42@localhost/sira",
      SMTP_URL: "imap://mona:mail-secret-7@mail.example.com",
      PORT: "nope",
    });
    expect(error.message).toContain("DATABASE_URL");
    expect(error.message).toContain("SMTP_URL");
    expect(error.message).not.toContain("hunter2-owner-secret");
    expect(error.message).not.toContain("db-secret-42");
    expect(error.message).not.toContain("mail-secret-7");
  });

  describe("an S3 bucket for uploads (docs/architecture.md, Storage)", () => {
    it("is off without S3_BUCKET, and read whole with it", () => {
      expect(loadEnv({}, cwd).s3).toBeUndefined();
      expect(
        loadEnv(
          {
            S3_BUCKET: "sira-images",
            S3_ENDPOINT: "https://s3.example.com",
            S3_REGION: "eu-central-1",
            S3_ACCESS_KEY_ID: "AKIA1",
            S3_SECRET_ACCESS_KEY: "secret",
            S3_FORCE_PATH_STYLE: "true",
            S3_PUBLIC_URL: "https://cdn.example.com/images/",
          },
          cwd,
        ).s3,
      ).toEqual({
        bucket: "sira-images",
        endpoint: "https://s3.example.com",
        region: "eu-central-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "AKIA1", secretAccessKey: "secret" },
        publicUrl: "https://cdn.example.com/images",
      });
      expect(loadEnv({ S3_BUCKET: "sira" }, cwd).s3).toEqual({
        bucket: "sira",
        endpoint: undefined,
        region: "us-east-1",
        forcePathStyle: false,
        credentials: undefined,
        publicUrl: undefined,
      });
    });

    it.each([
      [{ S3_BUCKET: "Sira_Images" }, "S3_BUCKET must be a bucket name"],
      [
        { S3_BUCKET: "sira", S3_ENDPOINT: "minio:9000" },
        "S3_ENDPOINT must be an absolute http:// or https:// URL",
      ],
      [{ S3_BUCKET: "sira", S3_REGION: "EU Central" }, "S3_REGION must be a region name"],
      [{ S3_BUCKET: "sira", S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE must be 0, 1, true or false"],
      [{ S3_BUCKET: "sira", S3_PUBLIC_URL: "cdn.example.com" }, "S3_PUBLIC_URL must be an absolute http"],
      [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_BUCKET must be set when S3_ENDPOINT is set"],
      [
        { S3_BUCKET: "sira", S3_ACCESS_KEY_ID: "AKIA1" },
        "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
      ],
    ])("refuses %j", (source, message) => {
      expect(envError(source).message).toContain(message);
    });

    it("never prints the secret key", () => {
      const error = envError({
        S3_BUCKET: "BAD",
        S3_SECRET_ACCESS_KEY: "s3-secret-99",
        S3_FORCE_PATH_STYLE: "x",
      });
      expect(error.message).not.toContain("s3-secret-99");
    });
  });

  it("logs readable lines at a terminal, JSON lines anywhere else, or what LOG_FORMAT says", () => {
    expect(logFormatOf({}, true)).toBe("pretty");
    expect(logFormatOf({}, false)).toBe("json");
    expect(logFormatOf({ NODE_ENV: "development" }, false)).toBe("json");
    expect(logFormatOf({ LOG_FORMAT: "json" }, true)).toBe("json");
    expect(logFormatOf({ LOG_FORMAT: "pretty" }, false)).toBe("pretty");
    expect(envError({ LOG_FORMAT: "xml" }).message).toContain("LOG_FORMAT must be json or pretty");
  });
});
