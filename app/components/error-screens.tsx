import { Link, isRouteErrorResponse } from "react-router";
import { useI18n } from "#app/lib/i18n.ts";

export function NotFoundScreen() {
  const { t, localPath } = useI18n();
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-primary">{t("notFound.code")}</p>
      <h1 className="text-3xl font-bold">{t("notFound.title")}</h1>
      <p className="text-lg text-muted-foreground">{t("notFound.text")}</p>
      <Link
        to={localPath("/")}
        className="mt-4 rounded-md bg-primary px-6 py-3 font-semibold text-primary-foreground hover:opacity-90"
      >
        {t("notFound.home")}
      </Link>
    </section>
  );
}

/** 'Unexpected Application Error!' with the status or message (docs/product.md §2); a 404 shows the not-found page. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t, localPath } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t("errorPage.title")}</h1>
      <p dir="auto" className="text-muted-foreground">
        {detail}
      </p>
      <a
        href={localPath("/")}
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:opacity-90"
      >
        {t("errorPage.home")}
      </a>
    </section>
  );
}
