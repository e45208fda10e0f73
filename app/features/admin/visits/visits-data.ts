import { api, call } from "#app/features/admin/api/client.ts";

/** The ranges offered at a click; any other is chosen with two dates (docs/product.md §27.5). */
export const VISIT_RANGES = ["7", "30", "90"] as const;

/** The figures of the range in the address: `?days=7|30|90` (30 when absent), or `?from=&to=`. */
export async function loadVisits(request: Request) {
  const url = new URL(request.url);
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  const days = url.searchParams.get("days") ?? "30";
  const query = from && to ? { from, to } : { days };
  const report = await call(() => api.visits.$get({ query }));
  return { report, days: from && to ? null : days };
}

export type VisitsData = Awaited<ReturnType<typeof loadVisits>>;
