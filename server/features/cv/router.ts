import { Hono, type Context, type MiddlewareHandler } from "hono";
import { etag } from "hono/etag";
import { CvSchema } from "#core/cv.ts";
import { toJsonResume } from "#core/json-resume.ts";
import type { Language } from "#core/preferences.ts";
import { z } from "#core/zod.ts";
import { limitBody } from "#server/http/guards.ts";
import { jsonBody, queryParams } from "#server/http/validate.ts";
import type { AuditLog } from "#server/features/audit/service.ts";
import type { CvService } from "./service.ts";

// The CV's files (docs/product.md §32): /cv.pdf and /ar/cv.pdf (A4, or US Letter with ?paper=letter), /cv.json and
// /ar/cv.json (JSON Resume v1), public like the CV page; and /api/cv, the owner's document (GET, PUT whole).

const PaperQuerySchema = z.object({
  paper: z.enum(["a4", "letter"], { error: "cvPaper" }).optional(),
});

// The same for every visitor and checked again on each use (ETag), so an edit shows at once.
const CACHE_CONTROL = "public, max-age=0, must-revalidate";

export function cvFilesRouter(deps: { cv: CvService; publicOrigin: string | undefined }) {
  const origin = (c: Context) => deps.publicOrigin ?? new URL(c.req.url).origin;
  const router = new Hono();
  router.use("*", etag());
  for (const language of ["en", "ar"] as const satisfies Language[]) {
    const prefix = language === "ar" ? "/ar" : "";
    router.get(`${prefix}/cv.pdf`, queryParams(PaperQuerySchema), async (c) => {
      const paper = c.req.valid("query").paper === "letter" ? "us-letter" : "a4";
      const { pdf, key } = await deps.cv.pdf(language, origin(c), paper);
      c.header("Content-Type", "application/pdf");
      c.header("Content-Disposition", `inline; filename="cv-${language}.pdf"`);
      c.header("Cache-Control", CACHE_CONTROL);
      c.header("ETag", `"${key.slice(0, 32)}"`);
      return c.body(new Uint8Array(pdf));
    });
    router.get(`${prefix}/cv.json`, async (c) => {
      const view = await deps.cv.view(language, origin(c));
      const updated = await deps.cv.updatedAt();
      c.header("Cache-Control", CACHE_CONTROL);
      return c.json(toJsonResume(view, `${origin(c)}${prefix}/cv.json`, updated.toISOString()));
    });
  }
  return router;
}

export function cvRouter(deps: { cv: CvService; owner: MiddlewareHandler; audit: AuditLog }) {
  const { cv, audit } = deps;
  return new Hono()
    .use(deps.owner)
    .get("/", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await cv.read(), 200);
    })
    .put("/", limitBody(512 * 1024), jsonBody(CvSchema), async (c) => {
      const saved = await cv.save(c.req.valid("json"));
      await audit.record(c, "cvChanged");
      return c.json(saved, 200);
    });
}
