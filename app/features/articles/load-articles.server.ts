import type { TranslationKey } from "#app/i18n/keys.ts";
import type { RouterContextProvider } from "react-router";
import { pickLocalized } from "#core/articles.ts";
import { contentToHtml } from "#core/content-html.ts";
import { formatLongDate, formatLongDateTime } from "#core/dates.ts";
import type { Language } from "#core/preferences.ts";
import { getServices } from "#app/lib/services.server.ts";
import { siteConfig } from "#config/site.ts";
import type { ArticlesResult } from "./articles-result.ts";

export async function loadArticles(
  context: Readonly<RouterContextProvider>,
  language: Language,
): Promise<ArticlesResult> {
  const services = getServices(context);
  try {
    const rows = await services.listArticles();
    return {
      errorKey: null,
      articles: rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        title: pickLocalized(row as unknown as Record<string, unknown>, "title", language),
        excerpt: pickLocalized(row as unknown as Record<string, unknown>, "excerpt", language),
        image_url: row.image_url,
        date: row.date,
        dateText: formatLongDate(row.date, language, siteConfig.timeZone),
      })),
    };
  } catch (error) {
    services.logError("articles could not be read", { error: String(error) });
    return { articles: [], errorKey: "errors.databaseUnavailable" };
  }
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
    date: string;
    dateText: string;
    dateTimeText: string;
  } | null;
}

/** One article in the current language, its content as sanitised, highlighted HTML (spec §2). */
export async function loadArticle(
  context: Readonly<RouterContextProvider>,
  slug: string,
  language: Language,
): Promise<ArticlePage> {
  const services = getServices(context);
  let row;
  try {
    row = await services.getArticleBySlug(slug);
  } catch (error) {
    services.logError("article could not be read", { slug, error: String(error) });
    return { status: 503, errorKey: "errors.databaseUnavailable", article: null };
  }
  if (!row) return { status: 404, errorKey: "articles.notFound", article: null };
  const fields = row as unknown as Record<string, unknown>;
  const content = pickLocalized(fields, "content", language);
  return {
    status: 200,
    errorKey: null,
    article: {
      slug: row.slug,
      title: pickLocalized(fields, "title", language),
      excerpt: pickLocalized(fields, "excerpt", language),
      html: await services.renderArticleHtml(contentToHtml(content)),
      image_url: row.image_url,
      date: row.date,
      dateText: formatLongDate(row.date, language, siteConfig.timeZone),
      dateTimeText: formatLongDateTime(row.date, language, siteConfig.timeZone),
    },
  };
}
