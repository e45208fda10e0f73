import type { MetaDescriptor } from "react-router";
import { LOCALES } from "#core/dates.ts";
import { translate, type TranslateVars } from "#core/i18n.ts";
import { alternatePaths, localizePath, pathWithoutLanguage } from "#core/localized-paths.ts";
import { LANGUAGES, type Language } from "#core/preferences.ts";
import { listSearch } from "#core/paging.ts";
import type { PublicSite } from "#core/site-view.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { publicDictionary } from "#app/i18n/public-dictionary.ts";
import type { RootData } from "./root-data.ts";

// The <head> of every page in its language (docs/product.md §16): title and description; for public pages also
// the canonical address, the same page in the other language (hreflang), Open Graph and Twitter cards with a
// share image, JSON-LD and the feed of the page's language. Search engines and link previews run no JavaScript:
// everything here is in the server's HTML.

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

interface MetaArgsLike {
  matches: readonly (MatchLike | undefined)[];
  location: { pathname: string };
}

export const OG_LOCALES: Record<Language, string> = { en: "en_US", ar: "ar_AR" };

/** The share image of a page: /share/{language}/{page}.png (server/features/share-images). */
export function shareImagePath(pathname: string, language: Language): string {
  const page = pathWithoutLanguage(pathname);
  return `/share/${language}${page === "/" ? "/home" : page}.png`;
}
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };

export interface PageHead {
  titleKey: TranslationKey;
  descriptionKey?: TranslationKey;
  vars?: TranslateVars;
  /** A description written by the owner (an article's excerpt) instead of the dictionary's. */
  description?: string;
  type?: "website" | "article";
  /** Not a public page (errors, the admin): title and description only. */
  private?: boolean;
  /** Where this page sits under home, for its BreadcrumbList: [name, path] from the second level on. */
  breadcrumbs?: [name: string, path: string][];
  /** More JSON-LD objects (an article's BlogPosting). */
  jsonLd?: Record<string, unknown>[];
  /** Extra tags (an article's published and modified times). */
  extra?: MetaDescriptor[];
  /** The query that is part of this page's address (`?page=2`), kept in its canonical and alternates. */
  search?: string;
  /** Not to be indexed (the owner's preview): title, description and `noindex` only. */
  noindex?: boolean;
  /**
   * The page's address in each language it exists in, when not every language has it (an article written in one
   * language, decision 015): only these are alternates, and the canonical is the original's (`canonicalPath`).
   */
  alternates?: Partial<Record<Language, string>>;
  canonicalPath?: string;
  /** The owner's share image for this page, instead of the drawn one. */
  image?: string | null;
}

function rootData(matches: MetaArgsLike["matches"]): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
}

/** Texts of the current language with the owner's name, role and city filled in. */
export function metaText(args: Pick<MetaArgsLike, "matches">) {
  const root = rootData(args.matches);
  const language = root?.language ?? "en";
  const dictionary = root?.dictionary ?? publicDictionary(language) ?? {};
  const vars: TranslateVars = root
    ? { name: root.site.name, role: root.site.role, city: root.site.city }
    : {};
  return {
    language,
    /** The site's settings (docs/product.md §17): every page has them but the root's own error screen. */
    get site(): PublicSite {
      if (!root) throw new Error("No site settings: the root loader failed");
      return root.site;
    },
    origin: root?.origin ?? "",
    text: (key: TranslationKey, more: TranslateVars = {}) =>
      translate(dictionary, key, { ...vars, ...more }, root?.site.locale ?? LOCALES[language]),
  };
}

export function pageHead(args: MetaArgsLike, head: PageHead): MetaDescriptor[] {
  const page = metaText(args);
  const { language, origin, text } = page;
  const title = text(head.titleKey, head.vars);
  const description =
    head.description ?? (head.descriptionKey ? text(head.descriptionKey, head.vars) : undefined);
  const tags: MetaDescriptor[] = [
    { title },
    ...(description ? [{ name: "description", content: description }] : []),
  ];
  if (head.noindex) return [...tags, { name: "robots", content: "noindex, nofollow" }];
  if (head.private) return tags;
  const site = page.site;

  const pathname = args.location.pathname;
  const url = (path: string) => origin + path;
  // This page's own address, with the part of its query that names it (?page=2).
  const pageUrl = (path: string) => origin + path + (head.search ?? "");
  const canonical = pageUrl(head.canonicalPath ?? localizePath(pathname, language));
  const alternates: Partial<Record<Language, string>> = head.alternates ?? alternatePaths(pathname);
  const alternateLanguages = LANGUAGES.filter((other) => alternates[other] !== undefined);
  const xDefault = alternates.en ?? alternates[alternateLanguages[0]!]!;
  const image = {
    url: head.image ? url(head.image) : url(shareImagePath(pathname, language)),
    alt: text("meta.shareImageAlt", { title }),
  };
  const homeName = text("nav.home");
  const crumbs: [string, string][] = head.breadcrumbs ? [[homeName, "/"], ...head.breadcrumbs] : [];

  return [
    ...tags,
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternateLanguages.map((other) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: other,
      href: pageUrl(alternates[other]!),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: pageUrl(xDefault) },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: text("meta.feedTitle"),
      href: url(localizePath("/feed.xml", language)),
    },
    {
      tagName: "link",
      rel: "search",
      type: "application/opensearchdescription+xml",
      title: text("search.openSearchName", { name: site.name }),
      href: url(localizePath("/opensearch.xml", language)),
    },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    ...(description ? [{ property: "og:description", content: description }] : []),
    { property: "og:type", content: head.type ?? "website" },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: OG_LOCALES[language] },
    ...alternateLanguages
      .filter((other) => other !== language)
      .map((other) => ({
        property: "og:locale:alternate",
        content: OG_LOCALES[other],
      })),
    { property: "og:image", content: image.url },
    // The drawn card's size is known; the owner's own image may have any.
    ...(head.image
      ? []
      : [
          { property: "og:image:width", content: String(SHARE_IMAGE_SIZE.width) },
          { property: "og:image:height", content: String(SHARE_IMAGE_SIZE.height) },
        ]),
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    ...(description ? [{ name: "twitter:description", content: description }] : []),
    { name: "twitter:image", content: image.url },
    { name: "twitter:image:alt", content: image.alt },
    ...(head.extra ?? []),
    ...(crumbs.length > 1
      ? [
          {
            "script:ld+json": {
              "@context": "https://schema.org",
              "@type": "BreadcrumbList",
              itemListElement: crumbs.map(([name, path], index) => ({
                "@type": "ListItem",
                position: index + 1,
                name,
                item: url(localizePath(path, language)),
              })),
            },
          },
        ]
      : []),
    ...(head.jsonLd ?? []).map((object) => ({
      "script:ld+json": { "@context": "https://schema.org", ...object },
    })),
  ];
}

/** The owner as schema.org sees them, for the home page and as an article's author. */
export function ownerJsonLd(origin: string, language: Language, site: PublicSite) {
  return {
    "@type": "Person",
    name: site.name,
    jobTitle: site.role,
    url: origin + localizePath("/", language),
    image: origin + site.portrait.url,
    sameAs: Object.values(site.links),
  };
}

/**
 * The head of a page of a list (the projects, optionally of one category; the articles, a tag's articles;
 * docs/product.md §18): its page and filter in the canonical address, `rel="prev"`/`rel="next"`, and a title that
 * names the page after the first when the list has one (`pagedTitleKey`).
 */
export function listPageHead(
  args: MetaArgsLike,
  result:
    | {
        status: number;
        page: number;
        pages: number;
        tag?: { slug: string; name: string } | null;
        category?: string | null;
      }
    | undefined,
  head: {
    titleKey: TranslationKey;
    pagedTitleKey?: TranslationKey;
    descriptionKey: TranslationKey;
    /** The list's address, without the language. */
    path: string;
    /** The list the page belongs to, its first breadcrumb. */
    section: "projects" | "articles";
  },
): MetaDescriptor[] {
  if (!result || result.status !== 200)
    return pageHead(args, {
      titleKey: "meta.notFound",
      descriptionKey: "meta.notFoundDescription",
      private: true,
    });
  const { language, origin, text } = metaText(args);
  const vars: TranslateVars = { page: String(result.page), ...(result.tag ? { tag: result.tag.name } : {}) };
  const path = localizePath(head.path, language);
  const filter = result.category ? { category: result.category } : undefined;
  const address = (page: number) => origin + path + listSearch(page, filter);
  return pageHead(args, {
    titleKey: result.page > 1 && head.pagedTitleKey ? head.pagedTitleKey : head.titleKey,
    descriptionKey: head.descriptionKey,
    vars,
    search: listSearch(result.page, filter) || undefined,
    // A category is named in the page's language: the page has no address in the other.
    ...(filter ? { alternates: { [language]: path } } : {}),
    breadcrumbs: [
      [text(`nav.${head.section}`), `/${head.section}`],
      ...(result.tag ? [[result.tag.name, head.path] as [string, string]] : []),
    ],
    extra: [
      ...(result.page > 1 ? [{ tagName: "link", rel: "prev", href: address(result.page - 1) }] : []),
      ...(result.page < result.pages
        ? [{ tagName: "link", rel: "next", href: address(result.page + 1) }]
        : []),
    ],
  });
}
