import { Feed } from "feed";
import { SitemapStream, streamToPromise } from "sitemap";
import type { RouterContextProvider } from "react-router";
import { articleLanguages, pickLocalized } from "#core/articles.ts";
import { itemPath } from "#core/slugs.ts";
import { LOCALES } from "#core/dates.ts";
import { translate } from "#core/i18n.ts";
import { PUBLIC_PAGES, localizePath } from "#core/localized-paths.ts";
import { LANGUAGES, type Language } from "#core/preferences.ts";
import { dictionaries } from "#app/i18n/dictionaries.server.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import type { PublicSite } from "#core/site-view.ts";
import { getServices, readSite } from "#app/lib/services.server.ts";

// What search engines, feed readers and link previews read (docs/product.md §16): robots.txt, the sitemap, a feed
// per language and the share images. Absolute addresses start with SITE_URL's origin, or the request's.

/** When this server started: the last change of the pages while the site has no dated content yet. */
const STARTED_AT = new Date().toISOString();

/** A path segment as text; a malformed escape names nothing. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

/** How many articles a feed carries, newest first. */
export const FEED_SIZE = 20;

export function siteOrigin(context: Readonly<RouterContextProvider>, request: Request): string {
  return getServices(context).site.origin ?? new URL(request.url).origin;
}

const text = (language: Language, site: PublicSite, key: TranslationKey) =>
  translate(
    dictionaries[language],
    key,
    { name: site.name, role: site.role, city: site.city },
    LOCALES[language],
  );

const xml = (body: string) =>
  new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });

/** robots.txt: everything may be crawled; the sitemap by its absolute address. The admin page is never named. */
export function robots(origin: string): Response {
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** Every public page and every article in both languages, each with its alternates and when it last changed. */
export async function sitemap(context: Readonly<RouterContextProvider>, origin: string): Promise<Response> {
  const services = getServices(context);
  const [articles, projects] = await Promise.all([services.articles.list(), services.projects.list()]);
  const changes = [
    ...articles.map((article) => article.updated_at),
    ...projects.map((project) => project.created_at),
  ];
  const siteChanged = changes.sort().at(-1) ?? STARTED_AT;
  const stream = new SitemapStream({
    hostname: origin,
    xmlns: { xhtml: true, news: false, video: false, image: false },
  });
  const add = (path: string, lastmod: string | undefined) => {
    const links = [
      ...LANGUAGES.map((language) => ({ lang: language, url: origin + localizePath(path, language) })),
      { lang: "x-default", url: origin + localizePath(path, "en") },
    ];
    for (const language of LANGUAGES) stream.write({ url: localizePath(path, language), lastmod, links });
  };
  for (const page of PUBLIC_PAGES) add(page, siteChanged);
  // An article at its address in each language it exists in, and only those (decisions 043, 044).
  for (const article of articles) {
    const slugs = { en: article.slug, ar: article.slug_ar || article.slug };
    const languages = articleLanguages(article);
    const links = languages.map((language): { lang: string; url: string } => ({
      lang: language,
      url: origin + itemPath("articles", slugs, language),
    }));
    links.push({ lang: "x-default", url: links[0]!.url });
    for (const language of languages)
      stream.write({ url: itemPath("articles", slugs, language), lastmod: article.updated_at, links });
  }
  // Each public project's case study at its address in each language (docs/product.md §28, decision 043); drafts
  // are not in the list.
  for (const project of projects) {
    const slugs = { en: project.slug_en, ar: project.slug_ar || project.slug_en };
    const links = LANGUAGES.map((language): { lang: string; url: string } => ({
      lang: language,
      url: origin + itemPath("projects", slugs, language),
    }));
    links.push({ lang: "x-default", url: links[0]!.url });
    for (const language of LANGUAGES)
      stream.write({ url: itemPath("projects", slugs, language), lastmod: project.created_at, links });
  }
  // Each tag's page, changed when the newest of its articles did.
  const tags = new Map<string, string>();
  for (const article of articles)
    for (const tag of article.tags) {
      const seen = tags.get(tag.slug);
      if (!seen || article.updated_at > seen) tags.set(tag.slug, article.updated_at);
    }
  for (const [slug, lastmod] of tags) add(`/articles/tag/${slug}`, lastmod);
  stream.end();
  return xml((await streamToPromise(stream)).toString());
}

/** The newest articles in one language, as RSS 2.0, with the pages' fallback to the other language. */
export async function feed(
  context: Readonly<RouterContextProvider>,
  origin: string,
  language: Language,
): Promise<Response> {
  // The newest 20 only: the feed never reads every article (docs/product.md §18).
  // Only the articles that exist in the feed's language (decision 044).
  const { items: articles } = await getServices(context).articles.listPage({
    page: 1,
    perPage: FEED_SIZE,
    language,
  });
  const site = await readSite(context, language);
  const home = origin + localizePath("/", language);
  const channel = new Feed({
    title: text(language, site, "meta.feedTitle"),
    description: text(language, site, "meta.articlesDescription"),
    id: home,
    link: origin + localizePath("/articles", language),
    language,
    copyright: `© ${site.name}`,
    updated: articles[0] ? new Date(articles[0].updated_at) : undefined,
    feedLinks: { rss: origin + localizePath("/feed.xml", language) },
    author: { name: site.name, link: home },
  });
  for (const article of articles) {
    const link =
      origin + itemPath("articles", { en: article.slug, ar: article.slug_ar || article.slug }, language);
    channel.addItem({
      title: pickLocalized(article, "title", language),
      id: link,
      link,
      description: pickLocalized(article, "excerpt", language),
      date: new Date(article.date),
    });
  }
  return new Response(channel.rss2(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

const STATIC_TITLES: Record<string, (language: Language, site: PublicSite) => string> = {
  "/": (_, site) => site.heroTitle,
  "/about": (language, site) => text(language, site, "about.title"),
  "/projects": (language, site) => text(language, site, "projects.title"),
  "/articles": (language, site) => text(language, site, "articles.title"),
  "/services": (language, site) => text(language, site, "services.title"),
  "/contact": (language, site) => text(language, site, "contact.title"),
};

/**
 * The share image at /share/{language}/{page}.png (app/lib/meta.ts shareImagePath): a page's title, or an
 * article's in that language; 404 for anything else.
 */
export async function shareImage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  language: Language,
  page: string,
): Promise<Response> {
  const services = getServices(context);
  const path = page === "home" ? "/" : `/${page}`;
  const site = await readSite(context, language);
  let title: string | undefined = Object.hasOwn(STATIC_TITLES, path)
    ? STATIC_TITLES[path]!(language, site)
    : undefined;
  let kicker = site.role;
  const tag = /^\/articles\/tag\/([\w-]{1,80})$/.exec(path);
  if (tag) {
    const { items } = await services.articles.listPage({ page: 1, perPage: 1, tag: tag[1]! });
    const name = items[0]?.tags.find((item) => item.slug === tag[1]);
    if (name) {
      title = translate(dictionaries[language], "articles.tagTitle", {
        tag: language === "ar" ? name.ar : name.en,
      });
      kicker = text(language, site, "articles.title");
    }
  }
  const article = /^\/articles\/([^/]+)$/.exec(path);
  if (article) {
    const answer = await services.articles.atAddress(language, safeDecode(article[1]!));
    if (answer && "item" in answer) {
      const row = answer.item;
      title = row[`meta_title_${language}`] || pickLocalized(row, "title", language);
      kicker = text(language, site, "articles.title");
    }
  }
  const project = /^\/projects\/([^/]+)$/.exec(path);
  if (project) {
    const answer = await services.projects.atAddress(language, safeDecode(project[1]!));
    if (answer && "item" in answer) {
      const row = answer.item;
      title =
        row[`meta_title_${language}`] || (language === "ar" ? row.title_ar.trim() || row.title : row.title);
      kicker = text(language, site, "projects.title");
    }
  }
  if (title === undefined) return new Response("Not found", { status: 404 });
  const { png, etag } = await services.shareImages.get({
    language,
    title,
    kicker,
    name: site.name,
    initials: site.initials,
    site: new URL(siteOrigin(context, request)).host,
  });
  const headers = { "Cache-Control": "public, max-age=3600", ETag: etag };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png" } });
}
