import type { Context } from "hono";
import type { z } from "zod";
import { apiErrorText, isApiErrorKey } from "#core/api-errors.ts";
import { apiError, apiFail, requestLanguage } from "./errors.ts";

// Request bodies are checked with zod schemas whose messages are keys of core/api-errors.ts, so every
// validation error reaches the visitor in their language: `error` is the first problem, `issues` lists all.

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

export async function readJsonBody<T>(c: Context, schema: z.ZodType<T>): Promise<Parsed<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { ok: false, response: apiFail(c, 400, "invalidJson") };
  }
  return checkInput(c, schema, body);
}

export function checkInput<T>(c: Context, schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const language = requestLanguage(c);
  const issues = result.error.issues.map((issue) => {
    const limit = "maximum" in issue ? Number(issue.maximum) : undefined;
    const message = isApiErrorKey(issue.message)
      ? apiErrorText(language, issue.message, limit === undefined ? undefined : { max: limit })
      : apiErrorText(language, "invalidInput");
    return { path: issue.path.join("."), message };
  });
  return { ok: false, response: apiError(c, 422, issues[0]!.message, issues) };
}
