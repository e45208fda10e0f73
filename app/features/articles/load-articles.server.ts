import type { TranslationKey } from "#app/i18n/keys.ts";
import type { RouterContextProvider } from "react-router";
import { pickLocalized } from "#core/articles.ts";
import { contentToHtml } from "#core/content-html.ts";
import { formatLongDate, formatLongDateTime } from "#core/dates.ts";
import type { Language } from "#core/preferences.ts";
import { getServices, readForPage, readSite } from "#app/lib/services.server.ts";
import type { ArticlesResult } from "./articles-result.ts";

export async function loadArticles(
  context: Readonly<RouterContextProvider>,
  language: Language,
): Promise<ArticlesResult> {
  const { data: rows, errorKey } = await readForPage(context, "articles", (services) =>
    services.listArticles(),
  );
  const { timeZone } = await readSite(context, language);
  return {
    errorKey,
    articles: (rows ?? []).map((row) => ({
      id: row.id,
      slug: row.slug,
      title: pickLocalized(row, "title", language),
      excerpt: pickLocalized(row, "excerpt", language),
      image_url: row.image_url,
      date: row.date,
      dateText: formatLongDate(row.date, language, timeZone),
    })),
  };
}

export interface ArticlePage {
  status: 200 | 404 | 503;
  errorKey: TranslationKey | null;
  article: {
    slug: string;
    title: string;
    excerpt: string;
    html: string;
    image_url: string | null;
    /** What the cover shows, in the page's language. */
    image_alt: string;
    date: string;
    /** The last save, for link previews and search engines. */
    modified: string;
    dateText: string;
    dateTimeText: string;
  } | null;
}

/** One article in the current language, its content as sanitised, highlighted HTML (docs/product.md §2). */
export async function loadArticle(
  context: Readonly<RouterContextProvider>,
  slug: string,
  language: Language,
): Promise<ArticlePage> {
  const { data: row, errorKey } = await readForPage(context, `article ${slug}`, (services) =>
    services.getArticleBySlug(slug),
  );
  if (errorKey) return { status: 503, errorKey, article: null };
  if (!row) return { status: 404, errorKey: "articles.notFound", article: null };
  const content = pickLocalized(row, "content", language);
  const { timeZone } = await readSite(context, language);
  return {
    status: 200,
    errorKey: null,
    article: {
      slug: row.slug,
      title: pickLocalized(row, "title", language),
      excerpt: pickLocalized(row, "excerpt", language),
      html: await getServices(context).renderArticleHtml(contentToHtml(content)),
      image_url: row.image_url,
      image_alt: language === "ar" ? row.image_alt_ar || row.image_alt_en : row.image_alt_en,
      date: row.date,
      modified: row.updated_at,
      dateText: formatLongDate(row.date, language, timeZone),
      dateTimeText: formatLongDateTime(row.date, language, timeZone),
    },
  };
}
