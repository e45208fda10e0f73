import type { TranslationKey } from "#app/i18n/keys.ts";
import { redirect, type RouterContextProvider } from "react-router";
import { withHeadingIds, type TocEntry } from "#core/article-toc.ts";
import { articleLanguages, pickLocalized, shownLanguage, titleLanguage } from "#core/articles.ts";
import { itemPath, type ItemSlugs } from "#core/slugs.ts";
import { ARTICLES_PER_PAGE } from "#core/paging.ts";
import { formatLongDate, formatLongDateTime } from "#core/dates.ts";
import type { Language } from "#core/preferences.ts";
import type { ImageInfo } from "#core/images.ts";
import { publicationOf, type ArticleDetail, type ArticleListItem, type Publication } from "#db/records.ts";
import type { ArticleTag } from "#db/schema.ts";
import {
  getPageRequest,
  getServices,
  readForPage,
  readSite,
  withImageInfo,
} from "#app/lib/services.server.ts";
import type { ArticlesResult, ArticleSummary, TagName } from "./articles-result.ts";

/** The reading time in the page's language, falling back as the text does. */
function minutesIn(
  row: Pick<ArticleListItem, "reading_minutes_en" | "reading_minutes_ar">,
  language: Language,
) {
  const own = language === "ar" ? row.reading_minutes_ar : row.reading_minutes_en;
  return own || (language === "ar" ? row.reading_minutes_en : row.reading_minutes_ar);
}

const tagNames = (tags: ArticleTag[], language: Language): TagName[] =>
  tags.map((tag) => ({ slug: tag.slug, name: language === "ar" ? tag.ar || tag.en : tag.en }));

/** An article's slugs; a row restored from a backup older than Arabic slugs uses the English one for both. */
const slugsOf = (row: { slug: string; slug_ar: string }): ItemSlugs => ({
  en: row.slug,
  ar: row.slug_ar || row.slug,
});

function summaryOf(
  row: ArticleListItem,
  language: Language,
  { timeZone, locale }: { timeZone: string; locale: string },
): ArticleSummary {
  const shown = shownLanguage(articleLanguages(row), language);
  return {
    id: row.id,
    path: itemPath("articles", slugsOf(row), language),
    textLanguage: shown === language ? null : shown,
    titleLanguage: titleLanguage(row, language),
    title: pickLocalized(row, "title", language),
    excerpt: pickLocalized(row, "excerpt", language),
    image_url: row.image_url,
    date: row.date,
    dateText: formatLongDate(row.date, locale, timeZone),
    readingMinutes: minutesIn(row, language),
    tags: tagNames(row.tags, language),
  };
}

/**
 * One page of the public articles in the page's language, newest first (only those tagged `tag` when given), or
 * 404 when the page is past the last one. Reads one page of rows, however many articles there are.
 */
export async function loadArticlePage(
  context: Readonly<RouterContextProvider>,
  language: Language,
  options: { page: number | null; tag?: string },
): Promise<ArticlesResult & { status: 200 | 404 }> {
  const site = await readSite(context, language);
  const page = options.page ?? 0;
  const { data, errorKey } =
    page < 1
      ? { data: { items: [], total: 0 }, errorKey: null }
      : await readForPage(context, "articles", ({ articles }) =>
          articles.listPage({ page, perPage: ARTICLES_PER_PAGE, tag: options.tag }),
        );
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ARTICLES_PER_PAGE));
  const items = data?.items ?? [];
  const tagName = options.tag
    ? items.flatMap((row) => tagNames(row.tags, language)).find((tag) => tag.slug === options.tag)?.name
    : undefined;
  // Past the last page, a tag no public article has, or a page number that is no number: not found.
  const missing = page < 1 || page > pages || (options.tag !== undefined && !errorKey && total === 0);
  return {
    status: missing ? 404 : 200,
    errorKey,
    articles: missing
      ? []
      : await withImageInfo(
          context,
          items.map((row) => summaryOf(row, language, site)),
        ),
    page: Math.max(page, 1),
    pages,
    tag: options.tag && tagName ? { slug: options.tag, name: tagName } : null,
  };
}

export interface ArticleView {
  /** Where the article stands, for the owner's preview. */
  publication: Publication;
  id: string;
  /** Its address in each language it exists in (decision 015): the alternates search engines are told of. */
  paths: Partial<Record<Language, string>>;
  /** The address of its original (the page's own when the article exists in the page's language): the canonical. */
  canonicalPath: string;
  /** The language its text is in when the page shows the other language's (decision 015); null otherwise. */
  textLanguage: Language | null;
  /** The language its title is in: the page's when the owner wrote one in it, else the text's. */
  titleLanguage: Language;
  /** The owner's search and share texts and share image in the page's language, when given. */
  metaTitle: string;
  metaDescription: string;
  shareImage: string | null;
  title: string;
  excerpt: string;
  html: string;
  toc: TocEntry[];
  image_url: string | null;
  /** What the cover shows, in the page's language. */
  image_alt: string;
  image_info: ImageInfo | null;
  date: string;
  /** The last save, for link previews and search engines. */
  modified: string;
  dateText: string;
  dateTimeText: string;
  /** "Updated …" when the last save came more than a day after publication; null otherwise. */
  updatedText: string | null;
  readingMinutes: number;
  tags: TagName[];
}

export interface ArticlePage {
  status: 200 | 404 | 410 | 503;
  errorKey: TranslationKey | null;
  article: ArticleView | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function viewOf(
  context: Readonly<RouterContextProvider>,
  row: ArticleDetail,
  language: Language,
): Promise<ArticleView> {
  const { timeZone, locale } = await readSite(context, language);
  const content = pickLocalized(row, "content", language);
  const rendered = withHeadingIds(
    await getServices(context).articles.html({ id: row.id, language, content }),
  );
  const updatedLater = new Date(row.updated_at).getTime() - new Date(row.date).getTime() > DAY_MS;
  const languages = articleLanguages(row);
  const shown = shownLanguage(languages, language);
  const slugs = slugsOf(row);
  return {
    publication: publicationOf(row, new Date()),
    id: row.id,
    paths: Object.fromEntries(languages.map((one) => [one, itemPath("articles", slugs, one)])),
    canonicalPath: itemPath("articles", slugs, shown),
    textLanguage: shown === language ? null : shown,
    titleLanguage: titleLanguage(row, language),
    metaTitle: row[`meta_title_${language}`],
    metaDescription: row[`meta_description_${language}`],
    shareImage: row[`share_image_${language}`],
    title: pickLocalized(row, "title", language),
    excerpt: pickLocalized(row, "excerpt", language),
    html: rendered.html,
    toc: rendered.toc,
    image_url: row.image_url,
    image_alt: language === "ar" ? row.image_alt_ar || row.image_alt_en : row.image_alt_en,
    image_info: (await withImageInfo(context, [row]))[0]!.image_info,
    date: row.date,
    modified: row.updated_at,
    dateText: formatLongDate(row.date, locale, timeZone),
    dateTimeText: formatLongDateTime(row.date, locale, timeZone),
    updatedText: updatedLater ? formatLongDate(row.updated_at, locale, timeZone) : null,
    readingMinutes: minutesIn(row, language),
    tags: tagNames(row.tags, language),
  };
}

/**
 * One public article in the current language, its content as sanitised, highlighted HTML (docs/product.md §2).
 * An address the article had before, or its slug in the other language, answers 301 to its current address; the
 * address of a deleted article answers 410 (decision 015).
 */
export async function loadArticle(
  context: Readonly<RouterContextProvider>,
  slug: string,
  language: Language,
): Promise<ArticlePage> {
  const { data: answer, errorKey } = await readForPage(context, `article ${slug}`, ({ articles }) =>
    articles.atAddress(language, slug),
  );
  if (errorKey) return { status: 503, errorKey, article: null };
  if (!answer) return { status: 404, errorKey: "articles.notFound", article: null };
  if ("movedTo" in answer)
    throw redirect(itemPath("articles", { en: answer.movedTo, ar: answer.movedTo }, language), 301);
  if ("gone" in answer) return { status: 410, errorKey: null, article: null };
  return { status: 200, errorKey: null, article: await viewOf(context, answer.item, language) };
}

/** Any article for the owner's preview (docs/product.md §18); 404 without the owner's session. */
export async function loadPreview(
  context: Readonly<RouterContextProvider>,
  id: string,
  language: Language,
): Promise<ArticlePage> {
  // Only the owner sees a preview; anyone else gets the article's not-found page.
  const owner = getPageRequest(context).owner;
  const { data: row, errorKey } = await readForPage(context, `preview ${id}`, async ({ articles }) =>
    owner ? articles.forPreview(id) : null,
  );
  if (errorKey) return { status: 503, errorKey, article: null };
  if (!row) return { status: 404, errorKey: "articles.notFound", article: null };
  return { status: 200, errorKey: null, article: await viewOf(context, row, language) };
}
