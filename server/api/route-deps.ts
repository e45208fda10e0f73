import type { MiddlewareHandler } from "hono";
import type { WriteDeps } from "../services/project-writes.ts";

/** What a resource router needs: the data, the owner guard for its writes, and the page cache to forget. */
export interface RouteDeps extends WriteDeps {
  owner: MiddlewareHandler;
  contentChanged(): void;
}
