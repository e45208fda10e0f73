import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { listProjects } from "../services/projects.ts";

export function projectsRouter(db: Database) {
  return new Hono().get("/", async (c) => c.json(await listProjects(db)));
}
