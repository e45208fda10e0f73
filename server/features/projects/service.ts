import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { buildSlug, buildUniqueSlug, isPossibleSlug } from "#core/article-rules.ts";
import { isUuid } from "#core/ids.ts";
import type { ProjectInput } from "#db/inputs.ts";
import type { ListPage } from "#core/paging.ts";
import { serializeRow, type OwnerProject, type Project } from "#db/records.ts";
import { projects } from "#db/schema.ts";
import type { Database } from "#db/client.ts";
import { ServiceError } from "#server/http/errors.ts";
import { readPage, type PagingQuery } from "#server/http/paging.ts";
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

/** One project with every column and its gallery, for the owner's edit form; 404 when there is none. */
export async function getProject(db: Database, id: string): Promise<OwnerProject> {
  const row = await findProject(db, id);
  return { ...serializeRow(row), gallery: await readGallery(db, row.id) };
}

/**
 * The public case study at /projects/{slug} (docs/product.md §27), with its gallery; null when no published
 * project has that address. The one place a project is found by its address.
 */
export async function getProjectBySlug(db: Database, slug: string): Promise<OwnerProject | null> {
  if (!isPossibleSlug(slug)) return null;
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.slug, slug), eq(projects.published, true)))
    .limit(1);
  return row ? { ...serializeRow(row), gallery: await readGallery(db, row.id) } : null;
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
  uploads: Pick<Uploads, "requireStored" | "removeUnused">;
  /**
   * The articles' content-to-HTML and sanitiser (decision 048): the case study's rich text is stored as it renders,
   * so a visitor's page never loads the sanitiser.
   */
  renderRichText: (content: string) => Promise<string>;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Runs `work` holding the lock every change of the order takes, so two servers never interleave them. */
function withOrderLock<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:project-order'))`);
    return work(tx);
  });
}

const RICH_TEXT_FIELDS = [
  "problem_en",
  "problem_ar",
  "approach_en",
  "approach_ar",
  "outcome_en",
  "outcome_ar",
] as const;

/**
 * The stored row for an input: the image's descriptions go with the image, the rich text is sanitised. Rendered
 * before any transaction: the first render after a start loads jsdom, and the embedded database answers nobody
 * else while a transaction is open.
 */
async function rowOf(deps: ProjectWriteDeps, input: ProjectInput) {
  const columns: Omit<ProjectInput, "gallery"> & { gallery?: unknown } = { ...input };
  delete columns.gallery;
  const rendered = Object.fromEntries(
    await Promise.all(
      RICH_TEXT_FIELDS.map(async (name) => [name, await deps.renderRichText(input[name])] as const),
    ),
  ) as Record<(typeof RICH_TEXT_FIELDS)[number], string>;
  const image = input.image_url ? {} : { image_alt_en: "", image_alt_ar: "" };
  return { ...columns, ...rendered, ...image };
}

/** A slug no other project has, made from the title (core/article-rules.ts); under the slug lock. */
async function uniqueSlug(tx: Transaction, title: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:project-slugs'))`);
  const now = Date.now();
  const isTaken = async (slug: string) =>
    (await tx.select({ id: projects.id }).from(projects).where(eq(projects.slug, slug)).limit(1)).length > 0;
  return buildUniqueSlug(buildSlug(title, now), isTaken, now);
}

export async function createProject(deps: ProjectWriteDeps, input: ProjectInput): Promise<OwnerProject> {
  await deps.uploads.requireStored(input.image_url, null, "projects");
  await requireGalleryStored(deps.uploads, input.gallery, []);
  const values = await rowOf(deps, input);
  const row = await withOrderLock(deps.db, async (tx) => {
    const [first] = await tx
      .select({ position: sql<number>`coalesce(min(${projects.position}), 1)::integer` })
      .from(projects);
    const slug = await uniqueSlug(tx, input.title);
    const [inserted] = await tx
      .insert(projects)
      .values({ ...values, slug, position: first!.position - 1 })
      .returning();
    await replaceGallery(tx, inserted!.id, input.gallery);
    return inserted!;
  });
  return { ...serializeRow(row), gallery: await readGallery(deps.db, row.id) };
}

export async function updateProject(
  deps: ProjectWriteDeps,
  id: string,
  input: ProjectInput,
): Promise<OwnerProject> {
  const current = await findProject(deps.db, id);
  const currentGallery = await readGallery(deps.db, id);
  await deps.uploads.requireStored(input.image_url, current.image_url, "projects");
  await requireGalleryStored(deps.uploads, input.gallery, currentGallery);
  const values = await rowOf(deps, input);
  // The slug stays what it was: the page keeps its address when the title changes.
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx.update(projects).set(values).where(eq(projects.id, id)).returning();
    if (!updated) throw new ServiceError(404, "projectNotFound");
    await replaceGallery(tx, id, input.gallery);
    return updated;
  });
  // The replaced or removed images go once no row points at them (decision 009).
  if (current.image_url !== row.image_url) await deps.uploads.removeUnused(current.image_url);
  const kept = new Set(input.gallery.map((image) => image.url));
  for (const image of currentGallery) if (!kept.has(image.url)) await deps.uploads.removeUnused(image.url);
  return { ...serializeRow(row), gallery: await readGallery(deps.db, row.id) };
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

/** Deletes a project, its image and its gallery; answers what was deleted. */
export async function deleteProject(deps: ProjectWriteDeps, id: string): Promise<Project> {
  if (!isUuid(id)) throw new ServiceError(404, "projectNotFound");
  const gallery = await readGallery(deps.db, id);
  const [row] = await deps.db.delete(projects).where(eq(projects.id, id)).returning();
  if (!row) throw new ServiceError(404, "projectNotFound");
  await deps.uploads.removeUnused(row.image_url);
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
    listHome: () => listHomeProjects(db),
    adminPage: (query: PagingQuery) => listProjectPage(db, query),
    /** One project, for the owner's edit form. */
    adminOne: (id: string) => getProject(db, id),
    bySlug: (slug: string) => getProjectBySlug(db, slug),
    forPreview: (id: string) => getProjectForPreview(db, id),
    create: async (input: ProjectInput) => changed(await createProject(deps, input)),
    update: async (id: string, input: ProjectInput) => changed(await updateProject(deps, id, input)),
    move: async (id: string, direction: "up" | "down") => changed(await moveProject(db, id, direction)),
    remove: async (id: string) => changed(await deleteProject(deps, id)),
  };
}

export type Projects = ReturnType<typeof createProjects>;
