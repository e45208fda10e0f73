import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { arabicSlug } from "#core/slugs.ts";
import { afterEach, describe, expect, it } from "vitest";
import { backends, migrationsFolder, useTestDatabase } from "#tests/helpers/databases.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { createDb } from "./client.ts";
import * as schema from "./schema.ts";
import { articles, projects } from "./schema.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(backends)("createDb on $name", (backend) => {
  const database = useTestDatabase(backend);

  it("applies the migrations: every table of db/schema.ts exists with exactly its columns", async () => {
    // Both drivers answer raw SQL with { rows }; drizzle's shared type cannot say so.
    const { rows } = (await database().db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' order by table_name, ordinal_position`,
    )) as { rows: { table_name: string; column_name: string }[] };
    const columns = (table: string) =>
      rows.filter((row) => row.table_name === table).map((row) => row.column_name);
    const tables: PgTable[] = Object.values(schema).filter((value) => is(value, PgTable));
    expect(tables.length).toBeGreaterThanOrEqual(6);
    for (const table of tables) {
      const declared = Object.values(getTableColumns(table)).map((column) => column.name);
      expect(columns(getTableName(table)), getTableName(table)).toEqual(declared);
    }
  });

  it("lets the database generate ids and creation times", async () => {
    const before = Date.now();
    const [project] = await database().db.insert(projects).values({ title: "Only a title" }).returning();
    const [other] = await database().db.insert(projects).values({ title: "Another" }).returning();
    expect(project?.id).toMatch(UUID);
    expect(other?.id).toMatch(UUID);
    expect(other?.id).not.toBe(project?.id);
    expect(project).toMatchObject({
      description: "",
      category: "",
      image_url: null,
      github_link: null,
      live_link: null,
      tags: [],
    });
    // The server's clock may differ a little from ours (PostgreSQL runs in another process).
    expect(Math.abs(project!.created_at.getTime() - before)).toBeLessThan(60_000);
  });

  it("gives an article its date and creation time, and empty texts for what was left out", async () => {
    const before = Date.now();
    const [article] = await database()
      .db.insert(articles)
      .values({ slug: "only-english", title: "Only English", title_en: "Only English" })
      .returning();
    expect(article?.id).toMatch(UUID);
    expect(article).toMatchObject({
      title_ar: "",
      content_en: "",
      content_ar: "",
      excerpt_en: "",
      excerpt_ar: "",
    });
    expect(Math.abs(article!.date.getTime() - before)).toBeLessThan(60_000);
    expect(Math.abs(article!.created_at.getTime() - before)).toBeLessThan(60_000);
  });

  it("refuses a second article with the same slug", async () => {
    await insertArticle(database().db, { slug: "hello-world" });
    await expect(insertArticle(database().db, { slug: "hello-world" })).rejects.toThrow();
  });

  it("keeps Arabic text, tags and time zones intact", async () => {
    const date = new Date("2026-11-21T23:30:00.000Z");
    const article = await insertArticle(database().db, { title_ar: "مرحبا بالعالم", title_en: "", date });
    const project = await insertProject(database().db, { tags: ["React", "تصميم", "a,b"] });
    const [readArticle] = await database().db.select().from(articles).where(eq(articles.id, article.id));
    const [readProject] = await database().db.select().from(projects).where(eq(projects.id, project.id));
    expect(readArticle?.title).toBe("مرحبا بالعالم");
    expect(readArticle?.date.toISOString()).toBe("2026-11-21T23:30:00.000Z");
    expect(readProject?.tags).toEqual(["React", "تصميم", "a,b"]);
  });
});

describe("createDb with a PGlite data folder on disk", () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("creates a missing folder and keeps the data across a restart", async () => {
    root = mkdtempSync(path.join(os.tmpdir(), "sira-pglite-"));
    const dataDir = path.join(root, "not", "yet", "there", "pglite");
    const first = await createDb({ pgliteDataDir: dataDir, migrationsFolder });
    expect(existsSync(dataDir)).toBe(true);
    const saved = await insertArticle(first.db, { slug: "survives", title_en: "Survives a restart" });
    await first.close();

    const second = await createDb({ pgliteDataDir: dataDir, migrationsFolder });
    try {
      expect(await second.db.select().from(articles)).toEqual([saved]);
    } finally {
      await second.close();
    }
  });
});

describe("createDb with broken migrations", () => {
  it("rejects instead of serving an unmigrated database", async () => {
    await expect(
      createDb({ pgliteDataDir: "memory://", migrationsFolder: path.join(migrationsFolder, "missing") }),
    ).rejects.toThrow();
  });
});

describe("the migration that gives existing content its slugs per language (decision 015)", () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("gives every existing article an Arabic slug and every project both, by the rule of core/slugs.ts", async () => {
    root = mkdtempSync(path.join(os.tmpdir(), "sira-slugs-"));
    // The site as it was before: every migration up to the one that adds the slugs.
    const before = path.join(root, "before");
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === "0013_slugs_per_language");
    journal.entries = journal.entries.slice(0, last);
    writeFileSync(journalPath, JSON.stringify(journal));
    const dataDir = path.join(root, "pglite");
    const old = await createDb({ pgliteDataDir: dataDir, migrationsFolder: before });
    const titles = [
      ["hello-world", "Hello world", "مرحبًا بـالعالم", 1],
      ["second", "Second", "مرحبا بالعالم", 1],
      ["english-only", "English only", "English only", 0],
      ["article-01950", "كتابة ٣ مقالات؟", "كتابة ٣ مقالات؟", 2],
      ["short", "Short", "ـا", 0],
    ] as const;
    for (const [slug, en, ar, minutes] of titles)
      await old.db.execute(
        sql`insert into articles (slug, title, title_en, title_ar, reading_minutes_en) values (${slug}, ${en}, ${en}, ${ar}, ${minutes})`,
      );
    for (const [title, title_ar] of [
      ["Web Shop", "متجر إلكتروني"],
      ["Web Shop", ""],
      ["متجر", ""],
    ])
      await old.db.execute(sql`insert into projects (title, title_ar) values (${title}, ${title_ar})`);
    await old.close();

    const migrated = await createDb({ pgliteDataDir: dataDir, migrationsFolder });
    try {
      const rows = await migrated.db
        .select({ slug: articles.slug, slug_ar: articles.slug_ar, changed: articles.text_changed_en })
        .from(articles);
      const bySlug = Object.fromEntries(rows.map((row) => [row.slug, row]));
      expect(bySlug["hello-world"]!.slug_ar).toBe(arabicSlug("مرحبًا بـالعالم"));
      expect(bySlug["hello-world"]!.slug_ar).toBe("مرحبا-بالعالم");
      // The same Arabic slug twice: the second gets part of its id.
      expect(bySlug["second"]!.slug_ar).toMatch(/^مرحبا-بالعالم-[0-9a-f]{8}$/);
      expect(bySlug["english-only"]!.slug_ar).toBe("english-only");
      expect(bySlug["article-01950"]!.slug_ar).toBe("كتابة-٣-مقالات");
      // Too little left of the Arabic title: the English slug.
      expect(bySlug["short"]!.slug_ar).toBe("short");
      expect(bySlug["hello-world"]!.changed).not.toBeNull();
      expect(bySlug["english-only"]!.changed).toBeNull();
      const projectSlugs = await migrated.db
        .select({ en: projects.slug_en, ar: projects.slug_ar })
        .from(projects);
      expect(projectSlugs.map((row) => row.en).sort()).toEqual(expect.arrayContaining(["web-shop", "متجر"]));
      expect(projectSlugs.map((row) => row.ar)).toEqual(expect.arrayContaining(["متجر-إلكتروني", "متجر"]));
      expect(new Set(projectSlugs.map((row) => row.en)).size).toBe(3);
      expect(new Set(projectSlugs.map((row) => row.ar)).size).toBe(3);
    } finally {
      await migrated.close();
    }
  });
});
