import { eq } from "drizzle-orm";
import type { ProjectInput } from "../../core/project-input.ts";
import type { Project } from "../../core/projects.ts";
import type { Database } from "../../db/client.ts";
import { projects } from "../../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { isStoredImage, removeUnusedImage } from "./image-references.ts";
import { toProject } from "./projects.ts";
import { ServiceError } from "./service-error.ts";

// The owner's project writes (spec §7 "Insert/Update/Delete project"). Only the server decides created_at,
// and an image_url must name a file this server stores, so no row ever points at a missing image.

export interface WriteDeps {
  db: Database;
  images: ImageStore;
  logger: Logger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

async function checkImage(deps: WriteDeps, url: string | null, current: string | null) {
  // An unchanged image is kept as it is (it may predate this server, e.g. an imported URL).
  if (url === null || url === current) return;
  if (!(await isStoredImage(deps.images, url, "projects")))
    throw new ServiceError(422, "imageNotStored", { path: "image_url" });
}

export async function createProject(deps: WriteDeps, input: ProjectInput): Promise<Project> {
  await checkImage(deps, input.image_url, null);
  const [row] = await deps.db.insert(projects).values(input).returning();
  return toProject(row!);
}

export async function updateProject(deps: WriteDeps, id: string, input: ProjectInput): Promise<Project> {
  const current = await findProject(deps.db, id);
  await checkImage(deps, input.image_url, current.image_url);
  const [row] = await deps.db.update(projects).set(input).where(eq(projects.id, id)).returning();
  if (!row) throw new ServiceError(404, "projectNotFound");
  if (current.image_url !== row.image_url) await removeUnusedImage(deps, current.image_url);
  return toProject(row);
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
