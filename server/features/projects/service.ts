import { and, asc, count, desc, eq, ne, notInArray, or, sql } from "drizzle-orm";
import { ITEM_IMAGE_COLUMNS } from "#core/images.ts";
import { buildUniqueSlug } from "#core/article-rules.ts";
import { isUuid } from "#core/ids.ts";
import { ALL_CATEGORIES, CASE_STUDY_TEXTS } from "#core/projects.ts";
import type { Language } from "#core/preferences.ts";
import { projectSlugs, wantedSlug, type ItemSlugs } from "#core/slugs.ts";
import { withShareImages, type ProjectInput } from "#db/inputs.ts";
import type { ListPage, Page } from "#core/paging.ts";
import { serializeRow, type OwnerProject, type Project } from "#db/records.ts";
import { projects, type ProjectRow } from "#db/schema.ts";
import type { Database } from "#db/client.ts";
import { ServiceError } from "#server/http/errors.ts";
import { readPage, type PagingQuery } from "#server/http/paging.ts";
import {
  resolveAddress,
  retireDeleted,
  retireSlugs,
  type AddressAnswer,
  type ItemFinder,
} from "#server/kernel/item-addresses.ts";
import { indexProject, matchingItems, unindexItem } from "#server/kernel/search-index.ts";
import type { Uploads } from "#server/features/uploads/service.ts";
import { readGallery, replaceGallery, requireGalleryStored } from "./gallery.ts";

// Projects (docs/product.md §3, §5, §7): the public list in the owner's order, the home page's featured ones,
// and the owner's writes, each of which tells the site its content changed. Only the server decides created_at and position, and an image_url must name a file
// this server stores, so no row ever points at a missing image.

// The id last, so that projects with the same position and time (added in one statement) keep one order across
// pages (docs/product.md §21).
const OWNER_ORDER = [asc(projects.position), desc(projects.created_at), asc(projects.id)] as const;

/** How many featured projects the home page shows at most; with none featured, the newest three. */
export const HOME_FEATURED_MAX = 6;
const HOME_NEWEST = 3;

/** All public projects in the owner's order (a new project comes first); drafts are the owner's alone. */
export async function listProjects(db: Database): Promise<Project[]> {
  const rows = await db
    .select()
    .from(projects)
    .where(eq(projects.published, true))
    .orderBy(...OWNER_ORDER);
  return rows.map(serializeRow);
}

/** A project's category in a language as its page shows it: the Arabic one falls back to the English (§3.1). */
const categoryIn = (language: Language) =>
  language === "ar"
    ? sql<string>`coalesce(nullif(trim(${projects.category_ar}), ''), trim(${projects.category}))`
    : sql<string>`trim(${projects.category})`;

/** Public projects, only those filed under `category` in `language` when given. */
const publicIn = (language: Language, category: string | undefined) =>
  and(eq(projects.published, true), category === undefined ? undefined : eq(categoryIn(language), category));

/**
 * The public categories in a language, in order of first appearance in the owner's order (docs/product.md §3.2);
 * a category named "All" is left out, as the filter's own "All" stands first.
 */
export async function listProjectCategories(db: Database, language: Language): Promise<string[]> {
  const ordered = db
    .select({
      category: categoryIn(language).as("category"),
      n: sql<number>`row_number() over (order by ${sql.join([...OWNER_ORDER], sql`, `)})`.as("n"),
    })
    .from(projects)
    .where(eq(projects.published, true))
    .as("ordered");
  const rows = await db
    .select({ category: ordered.category })
    .from(ordered)
    .where(notInArray(ordered.category, ["", ALL_CATEGORIES]))
    .groupBy(ordered.category)
    .orderBy(sql`min(${ordered.n})`);
  return rows.map((row) => row.category);
}

/** How many public projects there are (with `category`, only those filed under it in `language`). */
export async function countPublicProjects(
  db: Database,
  language: Language,
  category?: string,
): Promise<number> {
  const [row] = await db.select({ total: count() }).from(projects).where(publicIn(language, category));
  return row?.total ?? 0;
}

/**
 * One page of the public projects in the owner's order, only those filed under `category` in `language` when
 * given (the projects page, docs/product.md §2.5), with how many there are. Reads one page of rows however many
 * projects there are.
 */
export async function listPublicProjectPage(
  db: Database,
  options: { page: number; perPage: number; language: Language; category?: string },
): Promise<Page<Project>> {
  const where = publicIn(options.language, options.category);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(projects)
      .where(where)
      .orderBy(...OWNER_ORDER)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ total: count() }).from(projects).where(where),
  ]);
  return { items: rows.map(serializeRow), total: total?.total ?? 0 };
}

/** When the newest public project was added (the sitemap); null while there is none. */
export async function lastPublicProject(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ at: sql`max(${projects.created_at})`.mapWith(projects.created_at) })
    .from(projects)
    .where(eq(projects.published, true));
  return row?.at instanceof Date ? row.at.toISOString() : null;
}

/** One page of the public projects for the API (docs/product.md §7.1), in the owner's order. */
export async function listPublicApiPage(db: Database, query: PagingQuery): Promise<ListPage<Project>> {
  const where = eq(projects.published, true);
  const page = await readPage(
    query,
    async () => (await db.select({ n: count() }).from(projects).where(where))[0]?.n ?? 0,
    (limit, offset) =>
      db
        .select()
        .from(projects)
        .where(where)
        .orderBy(...OWNER_ORDER)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, items: page.items.map(serializeRow) };
}

/** One page of the projects in the owner's order, for the admin (docs/product.md §21). */
export async function listProjectPage(
  db: Database,
  query: PagingQuery & { q?: string },
): Promise<ListPage<Project>> {
  const where = query.q ? matchingItems("project", projects.id, query.q) : undefined;
  const page = await readPage(
    query,
    async () => (await db.select({ n: count() }).from(projects).where(where))[0]?.n ?? 0,
    (limit, offset) =>
      db
        .select()
        .from(projects)
        .where(where)
        .orderBy(...OWNER_ORDER)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, items: page.items.map(serializeRow) };
}

/** One project with every column and its gallery, for the owner's edit form; 404 when there is none. */
export async function getProject(db: Database, id: string): Promise<OwnerProject> {
  const row = await findProject(db, id);
  return { ...serializeRow(row), gallery: await readGallery(db, row.id) };
}

/** Any project, draft or public, for the owner's preview; null when there is none. */
export async function getProjectForPreview(db: Database, id: string): Promise<OwnerProject | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row ? { ...serializeRow(row), gallery: await readGallery(db, row.id) } : null;
}

/** The home page's projects: the featured ones in the owner's order, or the newest three when none is. */
export async function listHomeProjects(db: Database): Promise<Project[]> {
  const featured = await db
    .select()
    .from(projects)
    .where(and(eq(projects.featured, true), eq(projects.published, true)))
    .orderBy(...OWNER_ORDER)
    .limit(HOME_FEATURED_MAX);
  if (featured.length > 0) return featured.map(serializeRow);
  const newest = await db
    .select()
    .from(projects)
    .where(eq(projects.published, true))
    .orderBy(desc(projects.created_at))
    .limit(HOME_NEWEST);
  return newest.map(serializeRow);
}

/** What the owner's writes need: the database, the uploads' checks of an image (features/uploads), and the sanitiser. */
export interface ProjectWriteDeps {
  db: Database;
  uploads: Pick<Uploads, "requireStored" | "removeUnused" | "storeInline">;
  /**
   * The articles' content-to-HTML and sanitiser (decision 048): the case study's rich text is stored as it renders,
   * so a visitor's page never loads the sanitiser. `field` names the column, under which what a page cannot show
   * is refused.
   */
  renderRichText: (content: string, field: string) => Promise<string>;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Runs `work` holding the lock every change of the order takes, so two servers never interleave them. */
function withOrderLock<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:project-order'))`);
    return work(tx);
  });
}

/**
 * The stored row for an input: the image's descriptions go with the image, the rich text is sanitised and its
 * editor images stored as uploads, slugs are the server's. Rendered before any transaction: the first render after
 * a start loads jsdom, and the embedded database answers nobody else while a transaction is open.
 */
async function rowOf(deps: ProjectWriteDeps, input: ProjectInput) {
  const columns: Omit<ProjectInput, "gallery" | "slug_en" | "slug_ar"> & Partial<ProjectInput> = { ...input };
  delete columns.gallery;
  delete columns.slug_en;
  delete columns.slug_ar;
  const rendered = Object.fromEntries(
    await Promise.all(
      CASE_STUDY_TEXTS.map(
        async (name) =>
          [
            name,
            await deps.uploads.storeInline(await deps.renderRichText(input[name], name), "projects"),
          ] as const,
      ),
    ),
  ) as Record<(typeof CASE_STUDY_TEXTS)[number], string>;
  const image = input.image_url ? {} : { image_alt_en: "", image_alt_ar: "" };
  return { ...columns, ...rendered, ...image };
}

export const projectSlugsOf = (row: { slug_en: string; slug_ar: string }): ItemSlugs => ({
  en: row.slug_en,
  ar: row.slug_ar || row.slug_en,
});

/**
 * When each language's card text last changed (decision 015): now when it differs from the stored one, null when
 * the language has none (only Arabic can be empty).
 */
function textChanges(current: ProjectRow | null, input: ProjectInput, now: Date) {
  const fields = {
    en: ["title", "description", "category"],
    ar: ["title_ar", "description_ar", "category_ar"],
  } as const;
  const at = (language: Language) => {
    const names = fields[language];
    if (names.every((name) => input[name] === "")) return null;
    const same = current !== null && names.every((name) => current[name] === input[name]);
    return same ? (current[`text_changed_${language}`] ?? now) : now;
  };
  return { text_changed_en: at("en"), text_changed_ar: at("ar") };
}

/**
 * The project's unique slug in each language (decision 015), under a lock only slug choices take. A stand-in slug
 * sent back unchanged when its language gets its first title is built anew from it (core/slugs.ts wantedSlug).
 */
async function uniqueSlugs(
  tx: Transaction,
  input: ProjectInput,
  current: { id: string; slug_en: string; slug_ar: string; title: string; title_ar: string } | null,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:project-slugs'))`);
  const now = Date.now();
  const currentId = current?.id ?? null;
  const titles = {
    before: current ? { en: current.title, ar: current.title_ar } : undefined,
    after: { en: input.title, ar: input.title_ar },
  };
  const wanted = projectSlugs(
    {
      ...input,
      slug_en: wantedSlug(input.slug_en, current?.slug_en, "en", titles),
      slug_ar: wantedSlug(input.slug_ar, current?.slug_ar, "ar", titles),
    },
    now,
  );
  const taken = (column: typeof projects.slug_en | typeof projects.slug_ar) => async (slug: string) => {
    const same = eq(column, slug);
    const rows = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(currentId ? and(same, ne(projects.id, currentId)) : same)
      .limit(1);
    return rows.length > 0;
  };
  return {
    en: await buildUniqueSlug(wanted.en, taken(projects.slug_en), now),
    ar: await buildUniqueSlug(wanted.ar, taken(projects.slug_ar), now),
  };
}

export async function createProject(deps: ProjectWriteDeps, body: ProjectInput): Promise<OwnerProject> {
  const input = withShareImages(body, null);
  for (const column of ITEM_IMAGE_COLUMNS)
    await deps.uploads.requireStored(input[column], null, "projects", column);
  await requireGalleryStored(deps.uploads, input.gallery, []);
  const values = await rowOf(deps, input);
  const row = await withOrderLock(deps.db, async (tx) => {
    const slugs = await uniqueSlugs(tx, input, null);
    const [first] = await tx
      .select({ position: sql<number>`coalesce(min(${projects.position}), 1)::integer` })
      .from(projects);
    const now = new Date();
    const [inserted] = await tx
      .insert(projects)
      .values({
        ...values,
        ...textChanges(null, input, now),
        slug_en: slugs.en,
        slug_ar: slugs.ar,
        position: first!.position - 1,
      })
      .returning();
    await replaceGallery(tx, inserted!.id, input.gallery);
    await indexProject(tx, inserted!);
    return inserted!;
  });
  return { ...serializeRow(row), gallery: await readGallery(deps.db, row.id) };
}

export async function updateProject(
  deps: ProjectWriteDeps,
  id: string,
  body: ProjectInput,
): Promise<OwnerProject> {
  const current = await findProject(deps.db, id);
  const input = withShareImages(body, current);
  const currentGallery = await readGallery(deps.db, id);
  for (const column of ITEM_IMAGE_COLUMNS)
    await deps.uploads.requireStored(input[column], current[column], "projects", column);
  await requireGalleryStored(deps.uploads, input.gallery, currentGallery);
  const values = await rowOf(deps, input);
  const row = await deps.db.transaction(async (tx) => {
    const slugs = await uniqueSlugs(tx, input, current);
    const [updated] = await tx
      .update(projects)
      .set({
        ...values,
        ...textChanges(current, input, new Date()),
        slug_en: slugs.en,
        slug_ar: slugs.ar,
      })
      .where(eq(projects.id, id))
      .returning();
    if (!updated) throw new ServiceError(404, "projectNotFound");
    // Every address the project had keeps answering (decision 015); a draft's too, as projects keep no record of
    // whether one was ever public: its old addresses answer nothing while it stays a draft.
    await retireSlugs(tx, "projects", id, projectSlugsOf(current), slugs);
    await replaceGallery(tx, id, input.gallery);
    await indexProject(tx, updated);
    return updated;
  });
  // The replaced or removed images go once no row points at them (decision 009).
  for (const column of ITEM_IMAGE_COLUMNS)
    if (current[column] !== row[column]) await deps.uploads.removeUnused(current[column]);
  const kept = new Set(input.gallery.map((image) => image.url));
  for (const image of currentGallery) if (!kept.has(image.url)) await deps.uploads.removeUnused(image.url);
  return { ...serializeRow(row), gallery: await readGallery(deps.db, row.id) };
}

/** How the addresses of projects are read (server/kernel/item-addresses.ts): only published ones are found. */
function projectFinder(db: Database): ItemFinder<Project> {
  const one = async (where: ReturnType<typeof eq>) => {
    const [row] = await db
      .select()
      .from(projects)
      .where(and(where, eq(projects.published, true)))
      .limit(1);
    return row ? serializeRow(row) : null;
  };
  return {
    bySlug: (language, slug) =>
      language === "en"
        ? one(eq(projects.slug_en, slug))
        : one(or(eq(projects.slug_ar, slug), and(eq(projects.slug_ar, ""), eq(projects.slug_en, slug)))!),
    byId: (id) => one(eq(projects.id, id)),
    // A draft exists but answers nothing; one not found at all was deleted.
    exists: async (id) =>
      (await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).limit(1)).length > 0,
    slugs: projectSlugsOf,
  };
}

/**
 * What a project's address in a language answers (decision 015): the published project with its gallery (its
 * case study, docs/product.md §28), a move to its current address (an old slug, or its slug in the other
 * language), gone when it was deleted, or null (not found, or a draft).
 */
export async function resolveProject(
  db: Database,
  language: Language,
  slug: string,
): Promise<AddressAnswer<OwnerProject>> {
  const answer = await resolveAddress(db, "projects", projectFinder(db), language, slug);
  if (!answer || !("item" in answer)) return answer;
  return { item: { ...answer.item, gallery: await readGallery(db, answer.item.id) } };
}

/**
 * Moves a project one place up or down the owner's order and answers its place in the new order (0 first), so the
 * admin can show the page it is on now: the first of page 2 moves to the end of page 1. At the top (or bottom) it
 * stays where it is. Positions are renumbered 0, 1, 2… so they never collide; only the ids and positions are read.
 * Answers its title too, for the audit log.
 */
export async function moveProject(
  db: Database,
  id: string,
  direction: "up" | "down",
): Promise<{ index: number; title: string }> {
  const found = await findProject(db, id);
  const title = found.title || found.title_ar;
  const index = await withOrderLock(db, async (tx) => {
    const ordered = await tx
      .select({ id: projects.id, position: projects.position })
      .from(projects)
      .orderBy(...OWNER_ORDER);
    const from = ordered.findIndex((row) => row.id === id);
    if (from === -1) throw new ServiceError(404, "projectNotFound");
    const wanted = direction === "up" ? from - 1 : from + 1;
    const to = wanted >= 0 && wanted < ordered.length ? wanted : from;
    [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
    for (const [position, row] of ordered.entries()) {
      if (row.position === position) continue;
      await tx.update(projects).set({ position }).where(eq(projects.id, row.id));
    }
    return to;
  });
  return { index, title };
}

/** Deletes a project, its images and its gallery; answers what was deleted. */
export async function deleteProject(deps: ProjectWriteDeps, id: string): Promise<Project> {
  if (!isUuid(id)) throw new ServiceError(404, "projectNotFound");
  const gallery = await readGallery(deps.db, id);
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(projects).where(eq(projects.id, id)).returning();
    if (deleted) await retireDeleted(tx, "projects", id, projectSlugsOf(deleted));
    await unindexItem(tx, "project", id);
    return deleted;
  });
  if (!row) throw new ServiceError(404, "projectNotFound");
  for (const column of ITEM_IMAGE_COLUMNS) await deps.uploads.removeUnused(row[column]);
  for (const image of gallery) await deps.uploads.removeUnused(image.url);
  return serializeRow(row);
}

async function findProject(db: Database, id: string) {
  if (!isUuid(id)) throw new ServiceError(404, "projectNotFound");
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  if (!row) throw new ServiceError(404, "projectNotFound");
  return row;
}

/** The projects service: what the pages and the API ask of projects. */
export function createProjects(deps: ProjectWriteDeps & { contentChanged: () => void }) {
  const { db, contentChanged } = deps;
  const changed = <T>(saved: T) => {
    contentChanged();
    return saved;
  };
  return {
    list: () => listProjects(db),
    /** One page of the public projects for the projects page, in the owner's order (of a category when given). */
    publicPage: (options: { page: number; perPage: number; language: Language; category?: string }) =>
      listPublicProjectPage(db, options),
    /** The public categories in a language, in order of first appearance. */
    categories: (language: Language) => listProjectCategories(db, language),
    /** How many public projects there are (of a category in a language when given). */
    countPublic: (language: Language, category?: string) => countPublicProjects(db, language, category),
    /** When the newest public project was added (the sitemap); null while there is none. */
    lastChange: () => lastPublicProject(db),
    /** One page of the public projects for the API, in the owner's order. */
    apiPage: (query: PagingQuery) => listPublicApiPage(db, query),
    listHome: () => listHomeProjects(db),
    adminPage: (query: PagingQuery & { q?: string }) => listProjectPage(db, query),
    /** One project, for the owner's edit form. */
    adminOne: (id: string) => getProject(db, id),
    /**
     * What a project's address in a language answers (decision 015): the public project with its gallery (its case
     * study, docs/product.md §28), a move, gone, or null.
     */
    atAddress: (language: Language, slug: string) => resolveProject(db, language, slug),
    forPreview: (id: string) => getProjectForPreview(db, id),
    create: async (input: ProjectInput) => changed(await createProject(deps, input)),
    update: async (id: string, input: ProjectInput) => changed(await updateProject(deps, id, input)),
    move: async (id: string, direction: "up" | "down") => changed(await moveProject(db, id, direction)),
    remove: async (id: string) => changed(await deleteProject(deps, id)),
  };
}

export type Projects = ReturnType<typeof createProjects>;
