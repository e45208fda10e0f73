import { desc, eq } from "drizzle-orm";
import { isUuid } from "#core/ids.ts";
import type { ProjectInput } from "#db/inputs.ts";
import { serializeRow, type Project } from "#db/records.ts";
import { projects } from "#db/schema.ts";
import type { Database } from "#db/client.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { WriteDeps } from "#server/resources/deps.ts";
import { removeUnusedImage, requireStoredImage } from "#server/resources/uploads/references.ts";

// Projects (docs/product.md §3, §7): the public list, and the owner's writes. Only the server decides
// created_at, and an image_url must name a file this server stores, so no row ever points at a missing image.

/** All projects, newest created_at first. */
export async function listProjects(db: Database): Promise<Project[]> {
  const rows = await db.select().from(projects).orderBy(desc(projects.created_at));
  return rows.map(serializeRow);
}

export async function createProject(deps: WriteDeps, input: ProjectInput): Promise<Project> {
  await requireStoredImage(deps.images, input.image_url, null, "projects");
  const [row] = await deps.db.insert(projects).values(input).returning();
  return serializeRow(row!);
}

export async function updateProject(deps: WriteDeps, id: string, input: ProjectInput): Promise<Project> {
  const current = await findProject(deps.db, id);
  await requireStoredImage(deps.images, input.image_url, current.image_url, "projects");
  const [row] = await deps.db.update(projects).set(input).where(eq(projects.id, id)).returning();
  if (!row) throw new ServiceError(404, "projectNotFound");
  // The replaced image goes once the row points at the new one (decision 009).
  if (current.image_url !== row.image_url) await removeUnusedImage(deps, current.image_url);
  return serializeRow(row);
}

export async function deleteProject(deps: WriteDeps, id: string): Promise<void> {
  if (!isUuid(id)) throw new ServiceError(404, "projectNotFound");
  const [row] = await deps.db.delete(projects).where(eq(projects.id, id)).returning();
  if (!row) throw new ServiceError(404, "projectNotFound");
  await removeUnusedImage(deps, row.image_url);
}

async function findProject(db: Database, id: string) {
  if (!isUuid(id)) throw new ServiceError(404, "projectNotFound");
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  if (!row) throw new ServiceError(404, "projectNotFound");
  return row;
}
