import { data, Link } from "react-router";
import { useI18n } from "../lib/i18n.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "meta.notFound");

export function NotFoundScreen() {
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-primary">{t("notFound.code")}</p>
      <h1 className="text-3xl font-bold">{t("notFound.title")}</h1>
      <p className="text-lg text-muted-foreground">{t("notFound.text")}</p>
      <Link
        to="/"
        className="mt-4 rounded-md bg-primary px-6 py-3 font-semibold text-primary-foreground hover:opacity-90"
      >
        {t("notFound.home")}
      </Link>
    </section>
  );
}

export default function NotFound() {
  return <NotFoundScreen />;
}
