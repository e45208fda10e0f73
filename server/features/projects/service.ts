import { and, asc, count, desc, eq, ne, or, sql } from "drizzle-orm";
import { buildUniqueSlug } from "#core/article-rules.ts";
import { isUuid } from "#core/ids.ts";
import type { Language } from "#core/preferences.ts";
import { projectSlugs, type ItemSlugs } from "#core/slugs.ts";
import type { ProjectInput } from "#db/inputs.ts";
import type { ListPage } from "#core/paging.ts";
import { serializeRow, type Project } from "#db/records.ts";
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
import type { Uploads } from "#server/features/uploads/service.ts";

// Projects (docs/product.md §3, §5, §7): the public list in the owner's order, the home page's featured ones,
// and the owner's writes, each of which tells the site its content changed. Only the server decides created_at and position, and an image_url must name a file
// this server stores, so no row ever points at a missing image.

// The id last, so that projects with the same position and time (added in one statement) keep one order across
// pages (docs/product.md §21).
const OWNER_ORDER = [asc(projects.position), desc(projects.created_at), asc(projects.id)] as const;

/** How many featured projects the home page shows at most; with none featured, the newest three. */
export const HOME_FEATURED_MAX = 6;
const HOME_NEWEST = 3;

/** All projects in the owner's order (a new project comes first). */
export async function listProjects(db: Database): Promise<Project[]> {
  const rows = await db
    .select()
    .from(projects)
    .orderBy(...OWNER_ORDER);
  return rows.map(serializeRow);
}

/** One page of the projects in the owner's order, for the admin (docs/product.md §21). */
export async function listProjectPage(db: Database, query: PagingQuery): Promise<ListPage<Project>> {
  const page = await readPage(
    query,
    async () => (await db.select({ n: count() }).from(projects))[0]?.n ?? 0,
    (limit, offset) =>
      db
        .select()
        .from(projects)
        .orderBy(...OWNER_ORDER)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, items: page.items.map(serializeRow) };
}

/** One project with every column, for the owner's edit form; 404 when there is none. */
export async function getProject(db: Database, id: string): Promise<Project> {
  return serializeRow(await findProject(db, id));
}

/** The home page's projects: the featured ones in the owner's order, or the newest three when none is. */
export async function listHomeProjects(db: Database): Promise<Project[]> {
  const featured = await db
    .select()
    .from(projects)
    .where(eq(projects.featured, true))
    .orderBy(...OWNER_ORDER)
    .limit(HOME_FEATURED_MAX);
  if (featured.length > 0) return featured.map(serializeRow);
  const newest = await db.select().from(projects).orderBy(desc(projects.created_at)).limit(HOME_NEWEST);
  return newest.map(serializeRow);
}

/** What the owner's writes need: the database, and the uploads' checks of an image (features/uploads). */
export interface ProjectWriteDeps {
  db: Database;
  uploads: Pick<Uploads, "requireStored" | "removeUnused">;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Runs `work` holding the lock every change of the order takes, so two servers never interleave them. */
function withOrderLock<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:project-order'))`);
    return work(tx);
  });
}

/** The stored row for an input: the image's descriptions go with the image; slugs are the server's. */
function rowOf(input: ProjectInput) {
  const row: Omit<ProjectInput, "slug_en" | "slug_ar"> & Partial<ProjectInput> = { ...input };
  delete row.slug_en;
  delete row.slug_ar;
  return row.image_url ? row : { ...row, image_alt_en: "", image_alt_ar: "" };
}

export const projectSlugsOf = (row: { slug_en: string; slug_ar: string }): ItemSlugs => ({
  en: row.slug_en,
  ar: row.slug_ar || row.slug_en,
});

/**
 * When each language's card text last changed (decision 044): now when it differs from the stored one, null when
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

/** The project's unique slug in each language (decision 043), under a lock only slug choices take. */
async function uniqueSlugs(tx: Transaction, input: ProjectInput, currentId: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:project-slugs'))`);
  const now = Date.now();
  const wanted = projectSlugs(input, now);
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

export async function createProject(deps: ProjectWriteDeps, input: ProjectInput): Promise<Project> {
  await deps.uploads.requireStored(input.image_url, null, "projects");
  const row = await withOrderLock(deps.db, async (tx) => {
    const slugs = await uniqueSlugs(tx, input, null);
    const [first] = await tx
      .select({ position: sql<number>`coalesce(min(${projects.position}), 1)::integer` })
      .from(projects);
    const now = new Date();
    const [inserted] = await tx
      .insert(projects)
      .values({
        ...rowOf(input),
        ...textChanges(null, input, now),
        slug_en: slugs.en,
        slug_ar: slugs.ar,
        position: first!.position - 1,
      })
      .returning();
    return inserted!;
  });
  return serializeRow(row);
}

export async function updateProject(
  deps: ProjectWriteDeps,
  id: string,
  input: ProjectInput,
): Promise<Project> {
  const current = await findProject(deps.db, id);
  await deps.uploads.requireStored(input.image_url, current.image_url, "projects");
  const row = await deps.db.transaction(async (tx) => {
    const slugs = await uniqueSlugs(tx, input, id);
    const [updated] = await tx
      .update(projects)
      .set({
        ...rowOf(input),
        ...textChanges(current, input, new Date()),
        slug_en: slugs.en,
        slug_ar: slugs.ar,
      })
      .where(eq(projects.id, id))
      .returning();
    if (!updated) throw new ServiceError(404, "projectNotFound");
    // A project is public from the moment it is saved: every address it had keeps answering (decision 043).
    await retireSlugs(tx, "projects", id, projectSlugsOf(current), slugs);
    return updated;
  });
  // The replaced or removed image goes once the row no longer points at it (decision 009).
  if (current.image_url !== row.image_url) await deps.uploads.removeUnused(current.image_url);
  return serializeRow(row);
}

/** How the addresses of projects are read (server/kernel/item-addresses.ts). */
function projectFinder(db: Database): ItemFinder<Project> {
  const one = async (where: ReturnType<typeof eq>) => {
    const [row] = await db.select().from(projects).where(where).limit(1);
    return row ? serializeRow(row) : null;
  };
  return {
    bySlug: (language, slug) =>
      language === "en"
        ? one(eq(projects.slug_en, slug))
        : one(or(eq(projects.slug_ar, slug), and(eq(projects.slug_ar, ""), eq(projects.slug_en, slug)))!),
    byId: (id) => one(eq(projects.id, id)),
    // A project is never hidden: one not found by id was deleted.
    exists: () => Promise.resolve(false),
    slugs: projectSlugsOf,
  };
}

/**
 * What a project's address in a language answers (decision 043): the project, a move to its current address (an
 * old slug, or its slug in the other language), gone when it was deleted, or null.
 */
export function resolveProject(
  db: Database,
  language: Language,
  slug: string,
): Promise<AddressAnswer<Project>> {
  return resolveAddress(db, "projects", projectFinder(db), language, slug);
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
  const { title } = await findProject(db, id);
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

/** Deletes a project and its image; answers what was deleted. */
export async function deleteProject(deps: ProjectWriteDeps, id: string): Promise<Project> {
  if (!isUuid(id)) throw new ServiceError(404, "projectNotFound");
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(projects).where(eq(projects.id, id)).returning();
    if (deleted) await retireDeleted(tx, "projects", id, projectSlugsOf(deleted));
    return deleted;
  });
  if (!row) throw new ServiceError(404, "projectNotFound");
  await deps.uploads.removeUnused(row.image_url);
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
    listHome: () => listHomeProjects(db),
    adminPage: (query: PagingQuery) => listProjectPage(db, query),
    /** One project, for the owner's edit form. */
    adminOne: (id: string) => getProject(db, id),
    /** What a project's address in a language answers: the project, a move, gone, or null (decision 043). */
    atAddress: (language: Language, slug: string) => resolveProject(db, language, slug),
    create: async (input: ProjectInput) => changed(await createProject(deps, input)),
    update: async (id: string, input: ProjectInput) => changed(await updateProject(deps, id, input)),
    move: async (id: string, direction: "up" | "down") => changed(await moveProject(db, id, direction)),
    remove: async (id: string) => changed(await deleteProject(deps, id)),
  };
}

export type Projects = ReturnType<typeof createProjects>;
