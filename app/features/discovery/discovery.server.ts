import { Feed } from "feed";
import { SitemapIndexStream, SitemapStream, streamToPromise } from "sitemap";
import type { RouterContextProvider } from "react-router";
import { articleLanguages, pickLocalized } from "#core/articles.ts";
import { itemPath } from "#core/slugs.ts";
import { pickText } from "#core/projects.ts";
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
  translate(dictionaries[language], key, { name: site.name, role: site.role, city: site.city }, site.locale);

/**
 * A sitemap answer. A file of 10,000 addresses takes about a second to write: shared caches, the server's page cache
 * among them (for PAGE_CACHE_SECONDS at most), keep it, so no crawler or visitor makes it written more than once a
 * period.
 */
const xml = (body: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300, s-maxage=300",
    },
  });

/** robots.txt: everything may be crawled; the sitemap by its absolute address. The admin page is never named. */
export function robots(origin: string): Response {
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/**
 * Addresses in one file of the sitemap: a fifth of the protocol's 50,000, so a file stays a few megabytes, far
 * from its 50 MB (sitemaps.org). An article, a project and a tag have an address in each language.
 */
export const SITEMAP_FILE_ADDRESSES = 10_000;
const ITEMS_PER_FILE = SITEMAP_FILE_ADDRESSES / LANGUAGES.length;

/** The sitemap's files besides the pages': one kind of item each, a page of them per file. */
const PAGED_PARTS = ["articles", "projects", "tags"] as const;
type PagedPart = (typeof PAGED_PARTS)[number];

/** How many items of each paged kind there are: how many files the index names. */
async function partSizes(context: Readonly<RouterContextProvider>): Promise<Record<PagedPart, number>> {
  const services = getServices(context);
  const [articles, projects, tags] = await Promise.all([
    services.articles.countPublic(),
    services.projects.countPublic("en"),
    services.articles.tagPage({ page: 1, perPage: 1 }).then((page) => page.total),
  ]);
  return { articles, projects, tags };
}

/**
 * `/sitemap.xml`: the sitemap index (docs/product.md §16.7, sitemaps.org): the file of the pages, then a file per
 * SITEMAP_FILE_ADDRESSES addresses of articles, projects and tags. Reads counts only.
 */
export async function sitemapIndex(
  context: Readonly<RouterContextProvider>,
  origin: string,
): Promise<Response> {
  const sizes = await partSizes(context);
  const stream = new SitemapIndexStream();
  stream.write({ url: `${origin}/sitemaps/pages.xml` });
  for (const part of PAGED_PARTS)
    for (let file = 1; file <= Math.ceil(sizes[part] / ITEMS_PER_FILE); file++)
      stream.write({ url: `${origin}/sitemaps/${part}-${file}.xml` });
  stream.end();
  return xml((await streamToPromise(stream)).toString());
}

/**
 * One file of the sitemap (`/sitemaps/pages.xml`, `/sitemaps/articles-2.xml`, …): its addresses in both languages,
 * each with its alternates and when it last changed; 404 for a file the index does not name.
 */
export async function sitemapFile(
  context: Readonly<RouterContextProvider>,
  origin: string,
  name: string,
): Promise<Response> {
  const match = /^(?:(pages)|(articles|projects|tags)-([1-9]\d{0,5}))\.xml$/.exec(name);
  const part = (match?.[1] ?? match?.[2]) as "pages" | PagedPart | undefined;
  const page = Number(match?.[3] ?? 1);
  if (!part) return new Response("Not found", { status: 404 });
  const services = getServices(context);
  const stream = new SitemapStream({
    hostname: origin,
    xmlns: { xhtml: true, news: false, video: false, image: false },
  });
  /** A page at its address in each language (both, or `languages`), each naming the others. */
  const add = (paths: Partial<Record<Language, string>>, lastmod: string | undefined) => {
    const languages = LANGUAGES.filter((language) => paths[language] !== undefined);
    const links = languages.map((language): { lang: string; url: string } => ({
      lang: language,
      url: origin + paths[language]!,
    }));
    links.push({ lang: "x-default", url: links[0]!.url });
    for (const language of languages) stream.write({ url: paths[language]!, lastmod, links });
  };
  const everyLanguage = (path: string) =>
    Object.fromEntries(LANGUAGES.map((language) => [language, localizePath(path, language)]));
  let found = true;
  if (part === "pages") {
    const [articles, projects] = await Promise.all([
      services.articles.lastChange(),
      services.projects.lastChange(),
    ]);
    const changed =
      [articles, projects]
        .filter((at) => at !== null)
        .sort()
        .at(-1) ?? STARTED_AT;
    for (const path of PUBLIC_PAGES) add(everyLanguage(path), changed);
  } else if (part === "articles") {
    const { items } = await services.articles.listPage({ page, perPage: ITEMS_PER_FILE });
    found = items.length > 0;
    // An article at its address in each language it exists in, and only those (decision 015).
    for (const article of items) {
      const slugs = { en: article.slug, ar: article.slug_ar || article.slug };
      const paths = Object.fromEntries(
        articleLanguages(article).map((language) => [language, itemPath("articles", slugs, language)]),
      );
      add(paths, article.updated_at);
    }
  } else if (part === "projects") {
    // Each public project's case study (docs/product.md §28, decision 015); drafts are not in the list.
    const { items } = await services.projects.publicPage({ page, perPage: ITEMS_PER_FILE, language: "en" });
    found = items.length > 0;
    for (const project of items) {
      const slugs = { en: project.slug_en, ar: project.slug_ar || project.slug_en };
      const paths = Object.fromEntries(
        LANGUAGES.map((language) => [language, itemPath("projects", slugs, language)]),
      );
      add(paths, project.created_at);
    }
  } else {
    // Each tag's page, changed when the newest of its articles did.
    const { items } = await services.articles.tagPage({ page, perPage: ITEMS_PER_FILE });
    found = items.length > 0;
    for (const tag of items) add(everyLanguage(`/articles/tag/${tag.slug}`), tag.lastmod);
  }
  if (!found) return new Response("Not found", { status: 404 });
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
  // Only the articles that exist in the feed's language (decision 015).
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
      title = row[`meta_title_${language}`] || pickText(row.title, row.title_ar, language).text;
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
