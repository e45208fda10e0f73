import { ArrowDown, ArrowUp, ExternalLink, ImageOff, Pencil, Star, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { formatShortDate } from "#core/dates.ts";
import { directionOf, type Language } from "#core/preferences.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { TranslationNote } from "./translation-note.tsx";

/** What a row of the projects' or the articles' list shows of its item. */
export interface ItemView {
  id: string;
  title: string;
  /** The language the title is written in: its own lang and dir in the list of either language. */
  titleLanguage: Language;
  image_url: string | null;
  created_at: string;
  details: ReactNode;
  /** A badge beside the title (an article's publication). */
  badge?: ReactNode;
  /** Featured on the home page. */
  featured?: boolean;
  /** A page to open the item on (an article's preview). */
  link?: { href: string; label: string };
  /** When each language's text last changed: what its translation lacks shows (decision 015). */
  text_changed_en?: string | null;
  text_changed_ar?: string | null;
}

const iconButton =
  "rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-30 disabled:hover:bg-transparent";

/**
 * One item of a content list: its image, title and details, the owner's order (projects: up and down, with the
 * item's place in the whole list deciding which can move), its public page, Edit (a link to the item's dialog) and
 * Delete.
 */
export function ContentItem({
  kind,
  item,
  move,
  onDelete,
}: {
  kind: "projects" | "articles";
  item: ItemView;
  move?: { canUp: boolean; canDown: boolean; onMove: (direction: "up" | "down") => void };
  onDelete: () => void;
}) {
  const { t, locale } = useI18n();
  const { timeZone } = useSite();
  const { search } = useLocation();
  const { title } = item;
  return (
    // On a phone the actions take a line of their own under the item, so its title, status and translation state
    // keep the row's width (two lines of title at least).
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border bg-card p-3 shadow-sm sm:flex-nowrap">
      {item.image_url ? (
        <img src={item.image_url} alt="" className="size-16 shrink-0 rounded-lg bg-muted object-cover" />
      ) : (
        <span className="grid size-16 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground">
          <ImageOff aria-hidden="true" className="size-5" />
          <span className="sr-only">{t("admin.common.noImage")}</span>
        </span>
      )}
      <div className="flex min-w-0 flex-1 basis-40 flex-col gap-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <h3
            lang={item.titleLanguage}
            dir={directionOf(item.titleLanguage)}
            className="line-clamp-2 min-w-0 font-semibold break-words"
          >
            {title}
          </h3>
          {item.badge}
          {item.featured ? (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-primary">
              <Star aria-hidden="true" className="size-3" />
              {t("admin.projects.featuredBadge")}
            </span>
          ) : null}
        </div>
        <div className="line-clamp-2 text-sm break-words text-muted-foreground">{item.details}</div>
        {item.text_changed_en !== undefined && item.text_changed_ar !== undefined ? (
          <TranslationNote
            item={{ text_changed_en: item.text_changed_en, text_changed_ar: item.text_changed_ar }}
          />
        ) : null}
        <p className="text-xs text-muted-foreground">
          {t("admin.common.created", { date: formatShortDate(item.created_at, locale, timeZone) })}
        </p>
      </div>
      <div className="ms-auto flex shrink-0 items-center gap-1">
        {move ? (
          <div role="group" aria-label={t("admin.projects.order")} className="flex items-center">
            {(["up", "down"] as const).map((direction) => {
              const Icon = direction === "up" ? ArrowUp : ArrowDown;
              return (
                <button
                  key={direction}
                  type="button"
                  data-move={`${item.id}-${direction}`}
                  disabled={direction === "up" ? !move.canUp : !move.canDown}
                  onClick={() => move.onMove(direction)}
                  aria-label={t(direction === "up" ? "admin.projects.moveUp" : "admin.projects.moveDown", {
                    title,
                  })}
                  className={iconButton}
                >
                  <Icon aria-hidden="true" className="size-4" />
                </button>
              );
            })}
          </div>
        ) : null}
        {item.link ? (
          <a
            href={item.link.href}
            target="_blank"
            rel="noopener"
            aria-label={item.link.label}
            className={iconButton}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : null}
        <Link
          to={{ pathname: item.id, search }}
          preventScrollReset
          aria-label={t(`admin.${kind}.editItem`, { title })}
          className="inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
        >
          <Pencil aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t("admin.common.edit")}</span>
        </Link>
        <button
          type="button"
          onClick={onDelete}
          aria-label={t(`admin.${kind}.deleteItem`, { title })}
          className="inline-flex items-center gap-1.5 rounded-md border border-destructive/50 px-3 py-1.5 text-sm font-medium text-destructive hover:bg-destructive hover:text-destructive-foreground dark:text-red-400"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t("admin.common.delete")}</span>
        </button>
      </div>
    </li>
  );
}
