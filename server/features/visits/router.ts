import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { addDays, VISIT_RANGE_MAX_DAYS } from "#core/visits.ts";
import { queryParams } from "#server/http/validate.ts";
import type { VisitReports } from "./report.ts";

const day = z.custom<string>(
  (value) =>
    typeof value === "string" &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
  { error: "visitRangeInvalid", params: { max: VISIT_RANGE_MAX_DAYS } },
);

/** `?from=&to=`: two days, the first not after the second, at most VISIT_RANGE_MAX_DAYS apart. */
const RangeQuerySchema = z
  .object({ from: day, to: day })
  .refine(({ from, to }) => from <= to && addDays(from, VISIT_RANGE_MAX_DAYS) > to, {
    error: "visitRangeInvalid",
    params: { max: VISIT_RANGE_MAX_DAYS },
    path: ["to"],
  });

/** /api/visits (docs/product.md §27), the owner's only: the figures of a range of days, as JSON or CSV. */
export function visitsRouter(deps: { visitReports: VisitReports; owner: MiddlewareHandler }) {
  return new Hono()
    .use(deps.owner)
    .get("/", queryParams(RangeQuerySchema), async (c) => {
      const { from, to } = c.req.valid("query");
      c.header("Cache-Control", "no-store");
      return c.json(await deps.visitReports.report(from, to), 200);
    })
    .get("/export", queryParams(RangeQuerySchema), async (c) => {
      const { from, to } = c.req.valid("query");
      return c.body(await deps.visitReports.csv(from, to), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="sira-visits-${from}-${to}.csv"`,
        "Cache-Control": "no-store",
      });
    });
}
