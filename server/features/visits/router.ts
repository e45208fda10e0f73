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

/** `?days=N` (the last N days, today included), or `?from=&to=`: two days in order, at most VISIT_RANGE_MAX_DAYS. */
const RangeQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    days: z
      .custom<string>(
        (value) =>
          typeof value === "string" &&
          /^\d{1,3}$/.test(value) &&
          +value >= 1 &&
          +value <= VISIT_RANGE_MAX_DAYS,
        { error: "visitRangeInvalid", params: { max: VISIT_RANGE_MAX_DAYS } },
      )
      .optional(),
  })
  .refine(
    ({ from, to }) =>
      from === undefined && to === undefined
        ? true
        : from !== undefined && to !== undefined && from <= to && addDays(from, VISIT_RANGE_MAX_DAYS) > to,
    { error: "visitRangeInvalid", params: { max: VISIT_RANGE_MAX_DAYS }, path: ["to"] },
  );

/** The days asked for: a range, or the last `days` (30 when neither is given). */
async function rangeOf(reports: VisitReports, query: z.output<typeof RangeQuerySchema>) {
  const { from, to, days } = query;
  return from && to ? { from, to } : reports.lastDays(Number(days ?? 30));
}

/** /api/visits (docs/product.md §27), the owner's only: the figures of a range of days, as JSON or CSV. */
export function visitsRouter(deps: { visitReports: VisitReports; owner: MiddlewareHandler }) {
  return new Hono()
    .use(deps.owner)
    .get("/", queryParams(RangeQuerySchema), async (c) => {
      const { from, to } = await rangeOf(deps.visitReports, c.req.valid("query"));
      c.header("Cache-Control", "no-store");
      return c.json(await deps.visitReports.report(from, to), 200);
    })
    .get("/export", queryParams(RangeQuerySchema), async (c) => {
      const { from, to } = await rangeOf(deps.visitReports, c.req.valid("query"));
      return c.body(await deps.visitReports.csv(from, to), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="sira-visits-${from}-${to}.csv"`,
        "Cache-Control": "no-store",
      });
    });
}
