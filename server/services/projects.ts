import { desc } from "drizzle-orm";
import type { Project } from "../../core/projects.ts";
import type { Database } from "../../db/client.ts";
import { projects, type ProjectRow } from "../../db/schema.ts";

export function toProject(row: ProjectRow): Project {
  return { ...row, created_at: row.created_at.toISOString() };
}

/** All projects, newest created_at first (spec §7). */
export async function listProjects(db: Database): Promise<Project[]> {
  const rows = await db.select().from(projects).orderBy(desc(projects.created_at));
  return rows.map(toProject);
}
