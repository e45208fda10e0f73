import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { useI18n } from "#app/lib/i18n.ts";

// What an article's or a project's address shows when there is no item to show: not found (or not public), gone for
// good (410, decision 015), or not readable right now (503); each with the way back to the item's list.

/** A kind of item: its list's address and the texts of its missing-item screens. */
export interface ItemKind {
  listPath: string;
  back: TranslationKey;
  notFoundTitle: TranslationKey;
  notFound: TranslationKey;
  /** The title when the item could not be read. */
  unavailableTitle: TranslationKey;
  goneTitle: TranslationKey;
  gone: TranslationKey;
}

export type MissingState = "notFound" | "unavailable" | "gone";

/** The screen a page's status calls for. */
export const missingState = (status: number): MissingState =>
  status === 410 ? "gone" : status === 503 ? "unavailable" : "notFound";

/** The link back to the item's list, in the page's language. */
export function BackToList({ kind }: { kind: ItemKind }) {
  const { t, localPath } = useI18n();
  return (
    <Link
      to={localPath(kind.listPath)}
      className="inline-flex items-center gap-2 font-medium text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t(kind.back)}
    </Link>
  );
}

export function MissingItem({ kind, state = "notFound" }: { kind: ItemKind; state?: MissingState }) {
  const { t } = useI18n();
  const title = { notFound: kind.notFoundTitle, unavailable: kind.unavailableTitle, gone: kind.goneTitle }[
    state
  ];
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t(title)}</h1>
      <p className="text-lg">{t(state === "gone" ? kind.gone : kind.notFound)}</p>
      <BackToList kind={kind} />
    </section>
  );
}
