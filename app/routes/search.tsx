import { data } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { loadSearchPage } from "#app/features/search/load-search.server.ts";
import { MAX_SEARCH_INPUT } from "#app/features/search/search-result.ts";
import { SearchField, SearchResults } from "#app/features/search/search-results.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { requestLanguage } from "#app/lib/language.ts";
import { pageHead } from "#app/lib/meta.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
import type { Route } from "./+types/search";

// The site's search (docs/product.md §30): server-rendered from its address, so it works without JavaScript and
// can be shared; never indexed, never kept by a shared cache (every query is another page).

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadSearchPage(context, requestLanguage(request), request);
  const headers: HeadersInit = { "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex" };
  if (page.status === 429) headers["Retry-After"] = "60";
  return data({ page }, { status: page.status, headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, {
    titleKey: args.loaderData?.page.query ? "search.metaTitle" : "search.title",
    vars: { query: args.loaderData?.page.query.slice(0, 100) ?? "" },
    descriptionKey: "search.description",
    noindex: true,
  });

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { page } = loaderData;
  useErrorToast("search.failed", page.errorKey);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12 sm:px-6">
      <PageHeader title={t("search.title")} subtitle={t("search.intro")} />
      <SearchField query={page.query} />
      {page.problem ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-4">
          {t(page.problem === "tooLong" ? "search.tooLong" : "search.tooMany", { max: MAX_SEARCH_INPUT })}
        </p>
      ) : page.query.trim() && !page.errorKey ? (
        <SearchResults page={page} />
      ) : null}
    </section>
  );
}
