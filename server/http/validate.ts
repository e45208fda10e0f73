import type { Context, MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { apiErrorText, issueText, type SchemaIssue } from "#core/api-errors.ts";
import { apiError, preferredLanguage } from "./errors.ts";
import { jsonProblem } from "./input-guard.ts";

// Request bodies are checked with zod schemas whose messages are keys of core/api-errors.ts, so every
// validation error reaches the visitor in their language: `error` is the first problem, `issues` lists all,
// each with the path of its field, which the admin forms show under that field. A body that is not JSON at all
// is answered by handleAppError (400, invalidJson). Before the schema, every body passes the checks of
// docs/product.md §20 (input-guard.ts): control characters in text 422, prototype-named fields and deep nesting 400.

/**
 * The JSON body checked against `schema`, as Hono middleware: the handler reads `c.req.valid("json")`, and the
 * admin page's typed client (hc) learns the body the route takes from the schema's input type.
 */
export function jsonBody<Schema extends z.ZodType>(
  schema: Schema,
): MiddlewareHandler<object, string, { in: { json: z.input<Schema> }; out: { json: z.output<Schema> } }> {
  const middleware = validator("json", (value, c) => {
    const problem = jsonProblem(value);
    if (problem) {
      const message = apiErrorText(preferredLanguage(c), problem.key);
      return apiError(c, problem.key === "controlCharacter" ? 422 : 400, message, [
        { path: problem.path, message },
      ]);
    }
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    return refuseInput(c, result.error);
  });
  // Hono infers the validated type from the function, which it cannot see through for a generic schema: say it.
  return middleware as unknown as MiddlewareHandler<
    object,
    string,
    { in: { json: z.input<Schema> }; out: { json: z.output<Schema> } }
  >;
}

/**
 * The query string checked against `schema` (docs/product.md §21): the handler reads `c.req.valid("query")`. A bad
 * parameter is the request's own fault, so it answers 400 (not 422) with the same error shape.
 */
export function queryParams<Schema extends z.ZodType>(
  schema: Schema,
): MiddlewareHandler<object, string, { in: { query: z.input<Schema> }; out: { query: z.output<Schema> } }> {
  const middleware = validator("query", (value, c) => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    return refuseInput(c, result.error, 400);
  });
  return middleware as unknown as MiddlewareHandler<
    object,
    string,
    { in: { query: z.input<Schema> }; out: { query: z.output<Schema> } }
  >;
}

function refuseInput(c: Context, error: z.ZodError, status: 400 | 422 = 422) {
  const language = preferredLanguage(c);
  const issues = error.issues.map((issue) => ({
    path: issue.path.join("."),
    message: issueText(language, issue as SchemaIssue),
  }));
  return apiError(c, status, issues[0]!.message, issues);
}
