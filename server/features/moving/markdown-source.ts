import path from "node:path/posix";
import type { Language } from "#core/preferences.ts";
import { isUuid } from "#core/ids.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { ImageRef, ImportArticle, ImportSource, ImportText, Skipped } from "./items.ts";
import { FrontMatterError, markdownToHtml, parseMarkdownDocument } from "./markdown.ts";
import { PROJECTS_FOLDER, readSiraExtras } from "./sira-extras.ts";

// A folder of Markdown with front matter (docs/product.md §31): our own export, or a content folder as Hugo,
// Astro, AstroPaper and Jekyll write it, read by their usual field names. Translations pair by Hugo's file names
// (`index.ar.md` beside `index.en.md`) or by a `translationKey`; a file's language is its name's, its `lang`, or
// Arabic when its title is written in Arabic letters.

export const SIRA_MARKER = "site.yaml";
export const SIRA_FORMAT = "sira-markdown";

const MARKDOWN = /\.(md|markdown|mdx)$/i;
const NOT_POSTS = /^(readme|license|licence|changelog|contributing|_index|index\.(?:en|ar)?\.?_index)$/i;
const ARABIC = /[\u0600-\u06FF]/;
/** Where generators keep their content, left out of an item's old address. */
const CONTENT_ROOTS = [/^src\/data\//, /^src\/content\//, /^content\//, /^src\/pages\//];

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [])
    .map(text)
    .filter((entry) => entry !== "");

function date(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const given = text(value);
  if (!given) return null;
  const parsed = new Date(given);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** An image field: a path relative to the file, or an address; `{ src, alt }` as Astro writes it. */
function image(value: unknown): { ref: ImageRef; alt: string } | null {
  const given =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : { src: value };
  const src = text(given.src ?? given.url ?? given.image);
  if (!src) return null;
  return { ref: /^https?:\/\//i.test(src) ? { url: src } : { file: src }, alt: text(given.alt) };
}

function firstOf(data: Record<string, unknown>, keys: string[]): unknown {
  for (const key of keys)
    if (data[key] !== undefined && data[key] !== null && data[key] !== "") return data[key];
  return undefined;
}

/** A file's language and the name it pairs by: `index.ar.md` is Arabic and pairs with `index.en.md`. */
function fileLanguage(file: string): { language: Language | null; base: string } {
  const match = /^(.*?)(?:\.(en|ar))?\.(?:md|markdown|mdx)$/i.exec(file)!;
  return { language: (match[2]?.toLowerCase() as Language | undefined) ?? null, base: match[1]! };
}

function languageOf(value: unknown): Language | null {
  const given = text(value).toLowerCase();
  if (given.startsWith("ar")) return "ar";
  if (given.startsWith("en")) return "en";
  return null;
}

/** The address a generator gave the file, as its usual configuration does. */
function generatorPath(file: string, slug: string, when: Date | null, language: Language): string {
  const jekyll = /(?:^|\/)_posts\/(?:.*\/)?(\d{4})-(\d{2})-(\d{2})-[^/]+$/.exec(file);
  if (jekyll) return `/${jekyll[1]}/${jekyll[2]}/${jekyll[3]}/${slug}.html`;
  let relative = file;
  for (const root of CONTENT_ROOTS) relative = relative.replace(root, "");
  const parts = relative.split("/");
  parts.pop();
  if (/^index\b/i.test(path.basename(file))) parts.pop();
  // AstroPaper serves its `blog` collection at /posts/.
  const section = /^src\/data\/blog\//.test(file) ? "posts" : parts.join("/");
  const prefix = language === "ar" && !file.includes("/ar/") ? "/ar" : "";
  void when;
  return `${prefix}/${section ? `${section}/` : ""}${slug}/`;
}

/** Reads every Markdown file of a folder or zip into articles. */
export function readMarkdownFolder(files: Map<string, Buffer>, sira: boolean): ImportSource {
  const groups = new Map<string, ImportArticle>();
  const skipped: Skipped[] = [];
  for (const [file, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!MARKDOWN.test(file)) continue;
    // Our own export's projects are read beside the articles (sira-extras.ts).
    if (sira && file.startsWith(PROJECTS_FOLDER)) continue;
    const name = path.basename(file);
    const { language: named, base } = fileLanguage(name);
    if (NOT_POSTS.test(base) || base === "_index") {
      skipped.push({ label: file, reason: "notAPost" });
      continue;
    }
    let document;
    try {
      document = parseMarkdownDocument(bytes.toString("utf8"));
    } catch (error) {
      if (error instanceof FrontMatterError)
        throw new ServiceError(422, "importMalformed", { path: "file", vars: { format: "YAML", file } });
      throw error;
    }
    const { data, body } = document;
    const title = text(data.title);
    if (!title) {
      skipped.push({ label: file, reason: "noTitle" });
      continue;
    }
    const language =
      named ??
      languageOf(firstOf(data, ["lang", "language", "locale"])) ??
      (ARABIC.test(title) ? "ar" : "en");
    const folder = path.dirname(file) === "." ? "" : path.dirname(file);
    const bundle = /^index$/i.test(base);
    const fallbackSlug = (bundle ? path.basename(folder) : base).replace(/^\d{4}-\d{2}-\d{2}-/, "");
    const slug = text(data.slug) || fallbackSlug;
    const key = text(data.translationKey) || `${folder}/${bundle ? "" : base}`;
    const published = date(firstOf(data, ["date", "pubDatetime", "publishDate", "pubDate", "published"]));
    const cover = image(
      firstOf(data, ["cover", "image", "heroImage", "featured_image", "featureImage", "ogImage"]),
    );
    const oldPaths = [...list(data.aliases)];
    if (!sira) {
      const given = text(firstOf(data, ["permalink", "url"]));
      oldPaths.push(given || generatorPath(file, slug, published, language));
    }
    const entry: ImportText = {
      title,
      slug,
      html: markdownToHtml(body),
      summary: text(firstOf(data, sira ? ["summary"] : ["summary", "description", "excerpt"])),
      metaTitle: text(data.metaTitle),
      metaDescription: text(data.metaDescription),
      coverAlt: text(data.coverAlt) || cover?.alt || "",
      tags: [...list(data.tags), ...(sira ? [] : list(data.categories))],
      shareImage: image(data.shareImage)?.ref ?? null,
      oldPaths,
      folder,
    };
    let article = groups.get(key);
    if (!article) {
      article = {
        sourceId: key,
        label: title,
        id: sira && isUuid(text(data.translationKey)) ? text(data.translationKey) : undefined,
        status: data.draft === true || data.published === false ? "draft" : "published",
        date: published,
        updated: date(
          firstOf(data, ["lastmod", "modDatetime", "updated", "updatedDate", "last_modified_at"]),
        ),
        texts: {},
        cover: cover?.ref ?? null,
      };
      groups.set(key, article);
    }
    if (article.texts[language]) {
      skipped.push({ label: file, reason: "duplicate" });
      continue;
    }
    article.texts[language] = entry;
    if (sira && data.tagsEn !== undefined) article.tagsEn = list(data.tagsEn);
    if (sira && text(data.slugEn)) article.slugEn = text(data.slugEn);
    if (!article.cover && cover) article.cover = cover.ref;
  }
  return {
    source: sira ? "sira" : "markdown",
    format: sira ? "sira" : "markdown",
    articles: [...groups.values()],
    skipped,
    files,
    extras: sira ? readSiraExtras(files) : undefined,
  };
}
