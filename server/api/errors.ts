import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one API error shape (ARCHITECTURE "REST API"). */
export interface ApiError {
  error: string;
  issues?: { path: string; message: string }[];
}

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  issues?: ApiError["issues"],
) {
  return c.json<ApiError>(issues ? { error, issues } : { error }, status);
}
