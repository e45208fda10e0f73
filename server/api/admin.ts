import { Hono } from "hono";
import { listAdminArticles } from "../services/article-writes.ts";
import { listProjects } from "../services/projects.ts";
import type { RouteDeps } from "./route-deps.ts";

/** The admin page's lists: every column, newest created_at first (spec §7 "Admin lists"). */
export function adminRouter(deps: RouteDeps) {
  const { db, owner } = deps;
  return new Hono()
    .use("*", owner)
    .get("/projects", async (c) => c.json(await listProjects(db)))
    .get("/articles", async (c) => c.json(await listAdminArticles(db)));
}
