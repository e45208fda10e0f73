import path from "node:path/posix";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { ARTICLE_TITLE_MAX, MAX_ARTICLE_HTML_BYTES } from "#core/article-limits.ts";
import {
  buildArticleTitles,
  buildExcerpt,
  buildSlug,
  buildUniqueSlug,
  readingMinutes,
  SLUG_MIN_LENGTH,
  tagSlug,
} from "#core/article-rules.ts";
import { isUuid } from "#core/ids.ts";
import { SiteSettingsSchema } from "#core/site-settings.ts";
import { parseImageUrl } from "#core/images.ts";
import type { Language } from "#core/preferences.ts";
import { arabicSlug, itemPath } from "#core/slugs.ts";
import type { Database } from "#db/client.ts";
import {
  articles,
  importedItems,
  oldAddresses,
  projectImages,
  projects,
  siteSettings,
  slugHistory,
  testimonials,
  type ArticleTag,
} from "#db/schema.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import type { Uploads } from "#server/features/uploads/service.ts";
import type { FetchImage } from "./fetch-image.ts";
import { isZip, MAX_IMPORT_BYTES, readFolder, readZip } from "./files.ts";
import { readGhost } from "./ghost.ts";
import type { ImageRef, ImportArticle, ImportSource, ImportText, Skipped, SkipReason } from "./items.ts";
import { readMarkdownFolder, SIRA_FORMAT, SIRA_MARKER } from "./markdown-source.ts";
import { parseMarkdownDocument } from "./markdown.ts";
import type { SiraExtras } from "./sira-extras.ts";
import { readWordPress } from "./wordpress.ts";

// Moving in (docs/product.md §31): a source is read whole and checked before anything changes; the owner sees
// what will be created, updated and skipped; then images go through the upload path and every article is written
// in one transaction, all or nothing. Items are matched by their source's id (imported_items), so importing the
// same source again updates them; each keeps the addresses it had (old_addresses, slug_history) and links between
// imported texts are rewritten to the new addresses.

const MIB = 1024 * 1024;
/** The most images an import fetches from the web; the rest are listed and keep their address. */
export const MAX_FETCHED_IMAGES = 200;
const LANGUAGES = ["en", "ar"] as const;
const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 40;
const MAX_SUMMARY = 300;
const MAX_META_TITLE = 120;
const MAX_META_DESCRIPTION = 300;

/** Reads an uploaded file (zip, WXR, Ghost JSON or one Markdown file) into a source; refuses what it cannot read. */
export async function readImportFile(name: string, bytes: Buffer): Promise<ImportSource> {
  if (bytes.length > MAX_IMPORT_BYTES)
    throw new ServiceError(413, "importTooLarge", { path: "file", vars: { max: MAX_IMPORT_BYTES / MIB } });
  if (isZip(bytes)) return readFiles(await readZip(bytes));
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const start = text.trimStart();
  if (start.startsWith("<")) return readWordPress(text);
  if (start.startsWith("{")) return readGhost(text);
  if (/\.(md|markdown|mdx)$/i.test(name))
    return readMarkdownFolder(new Map([[path.basename(name), bytes]]), false);
  throw new ServiceError(422, "importUnreadable", { path: "file" });
}

/** Reads a folder on this machine (`npm run import -- DIR`). */
export async function readImportFolder(root: string): Promise<ImportSource> {
  return readFiles(await readFolder(root));
}

/** What a folder or zip holds: our own export, Markdown files, or one WXR or Ghost file with its pictures. */
function readFiles(files: Map<string, Buffer>): ImportSource {
  const marker = files.get(SIRA_MARKER);
  if (marker) {
    const { data } = parseMarkdownDocument(`---\n${marker.toString("utf8")}\n---\n`);
    if (data.format === SIRA_FORMAT) return readMarkdownFolder(files, true);
  }
  const names = [...files.keys()];
  if (names.some((name) => /\.(md|markdown|mdx)$/i.test(name))) return readMarkdownFolder(files, false);
  const xml = names.find((name) => name.endsWith(".xml"));
  if (xml) return { ...readWordPress(files.get(xml)!.toString("utf8")), files };
  const json = names.find((name) => name.endsWith(".json"));
  if (json) return { ...readGhost(files.get(json)!.toString("utf8")), files };
  throw new ServiceError(422, "importUnreadable", { path: "file" });
}

/** One article's fate in the preview. */
export interface PlannedItem {
  label: string;
  action: "create" | "update" | "unchanged";
  languages: Language[];
}

export interface ImportPlan {
  format: ImportSource["format"];
  create: number;
  update: number;
  unchanged: number;
  items: PlannedItem[];
  skipped: Skipped[];
  /** Images in the folder or zip to store, and addresses to fetch. */
  images: { files: number; urls: number };
  /** Our own export's projects and testimonials, created or updated, and whether it brings the settings. */
  projects: { create: number; update: number };
  testimonials: { create: number; update: number };
  settings: boolean;
}

export interface ImportResult extends ImportPlan {
  /** Images that could not be stored or fetched: the text keeps their address. */
  imagesFailed: string[];
}

export interface MovingDeps {
  db: Database;
  images: ImageStore;
  uploads: Pick<Uploads, "store">;
  sanitizeHtml: (html: string) => Promise<string>;
  fetchImage: FetchImage;
  logger: Logger;
  now: () => Date;
}

const shorten = (label: string) => (label.length > 80 ? `${label.slice(0, 79)}…` : label);

/** Refuses (422) an item the site would refuse from the owner, naming it and the field. */
function checkItem(article: ImportArticle): void {
  const fail = (field: string): never => {
    throw new ServiceError(422, "importItemInvalid", {
      path: "file",
      vars: { item: shorten(article.label), field },
    });
  };
  for (const language of LANGUAGES) {
    const text = article.texts[language];
    if (!text) continue;
    if (text.title.length > ARTICLE_TITLE_MAX) fail(`title (${language})`);
    if (Buffer.byteLength(text.html) > MAX_ARTICLE_HTML_BYTES) fail(`content (${language})`);
    if (text.slug.length > 200) fail(`slug (${language})`);
  }
}

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max).trimEnd() : value);

/** An article's tags: at most ten, English names first (the address), Arabic beside them. */
function tagsOf(article: ImportArticle): ArticleTag[] {
  const en = article.texts.en?.tags ?? article.tagsEn ?? [];
  const ar = article.texts.ar?.tags ?? [];
  const names = en.length > 0 ? en : ar;
  const seen = new Set<string>();
  const tags: ArticleTag[] = [];
  names.forEach((name, index) => {
    const english = clip(name, MAX_TAG_LENGTH);
    const slug = tagSlug(english);
    if (seen.has(slug) || tags.length >= MAX_TAGS) return;
    seen.add(slug);
    tags.push({ slug, en: english, ar: clip(en.length > 0 ? (ar[index] ?? english) : name, MAX_TAG_LENGTH) });
  });
  return tags;
}

const imageKey = (ref: ImageRef, folder: string) =>
  "url" in ref ? `url:${ref.url}` : `file:${path.normalize(path.join(folder, ref.file))}`;

/** Every image an article names: its cover, share images, and the pictures inside its texts. */
function imagesOf(article: ImportArticle): { key: string; ref: ImageRef; folder: string }[] {
  const found: { key: string; ref: ImageRef; folder: string }[] = [];
  const folder = article.texts.en?.folder ?? article.texts.ar?.folder ?? "";
  const add = (ref: ImageRef | null, from: string) => {
    if (!ref) return;
    if ("file" in ref && (ref.file.startsWith("/") || ref.file.includes(".."))) return;
    found.push({ key: imageKey(ref, from), ref, folder: from });
  };
  add(article.cover, folder);
  for (const language of LANGUAGES) {
    const text = article.texts[language];
    if (!text) continue;
    add(text.shareImage, text.folder);
    for (const match of text.html.matchAll(/<img\b[^>]*?\bsrc="([^"]+)"/g)) {
      const src = decodeEntities(match[1]!);
      if (src.startsWith("data:") || src.startsWith("/storage/")) continue;
      if (/^https?:\/\//i.test(src)) add({ url: src }, text.folder);
      else if (!src.startsWith("/") && !/^[a-z]+:/i.test(src))
        add({ file: decodeURIComponentSafe(src) }, text.folder);
    }
  }
  return found;
}

/** Every image our own export's projects and testimonials name. */
function extraImagesOf(extras: SiraExtras | undefined): { key: string; ref: ImageRef; folder: string }[] {
  const found: { key: string; ref: ImageRef; folder: string }[] = [];
  const add = (ref: ImageRef | null, folder: string) => {
    if (!ref) return;
    if ("file" in ref && (ref.file.startsWith("/") || ref.file.includes(".."))) return;
    found.push({ key: imageKey(ref, folder), ref, folder });
  };
  for (const project of extras?.projects ?? []) {
    add(project.cover, project.folder);
    for (const image of project.gallery) add(image, project.folder);
    for (const language of LANGUAGES) {
      const text = project.texts[language];
      if (!text) continue;
      add(text.shareImage, project.folder);
      for (const html of [text.problem, text.approach, text.outcome])
        for (const match of html.matchAll(/<img\b[^>]*?\bsrc="([^"]+)"/g)) {
          const src = decodeEntities(match[1]!);
          if (/^https?:\/\//i.test(src)) add({ url: src }, project.folder);
          else if (!src.startsWith("/") && !/^[a-z]+:/i.test(src))
            add({ file: decodeURIComponentSafe(src) }, project.folder);
        }
    }
  }
  for (const quote of extras?.testimonials ?? []) add(quote.photo, "");
  return found;
}

/** Which of these ids are rows of the table already. */
async function existingIds(
  db: Database,
  table: typeof projects | typeof testimonials,
  ids: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.id, ids.slice(start, start + 500)));
    for (const row of rows) found.add(row.id);
  }
  return found;
}

const decodeEntities = (value: string) => value.replaceAll("&amp;", "&");

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Normalises an old address for lookup: decoded, without its trailing slash, "/" for the root. */
export function oldAddressKey(address: string): string {
  const decoded = decodeURIComponentSafe(address.split("#")[0]!);
  const trimmed = decoded.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/** Ids of the articles this source made before, by the source's id, when they still exist. */
async function matchedIds(db: Database, source: ImportSource): Promise<Map<string, string>> {
  const matched = new Map<string, string>();
  const ids = source.articles.map((article) => article.sourceId);
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .select({ source_id: importedItems.source_id, item_id: importedItems.item_id })
      .from(importedItems)
      .where(
        and(
          eq(importedItems.source, source.source),
          inArray(importedItems.source_id, ids.slice(start, start + 500)),
        ),
      );
    for (const row of rows) matched.set(row.source_id, row.item_id);
  }
  // Our own export carries the article's id itself.
  for (const article of source.articles)
    if (article.id && !matched.has(article.sourceId)) matched.set(article.sourceId, article.id);
  const existing = new Set<string>();
  const candidates = [...new Set(matched.values())].filter(isUuid);
  for (let start = 0; start < candidates.length; start += 500) {
    const rows = await db
      .select({ id: articles.id })
      .from(articles)
      .where(inArray(articles.id, candidates.slice(start, start + 500)));
    for (const row of rows) existing.add(row.id);
  }
  for (const [key, id] of matched) if (!existing.has(id)) matched.delete(key);
  return matched;
}

/** What an import would do, without changing anything: the preview. */
export async function planImport(db: Database, source: ImportSource): Promise<ImportPlan> {
  const skipped = [...source.skipped];
  const kept: ImportArticle[] = [];
  for (const article of source.articles) {
    checkItem(article);
    const empty = LANGUAGES.every((language) => !article.texts[language]?.html.trim());
    if (empty && source.format !== "sira") skipped.push({ label: article.label, reason: "noContent" });
    else kept.push(article);
  }
  source.articles = kept;
  const matched = await matchedIds(db, source);
  const items: PlannedItem[] = kept.map((article) => ({
    label: shorten(article.label),
    action: matched.has(article.sourceId) ? "update" : "create",
    languages: LANGUAGES.filter((language) => article.texts[language]),
  }));
  const keys = new Map<string, ImageRef>();
  for (const article of kept) for (const image of imagesOf(article)) keys.set(image.key, image.ref);
  for (const image of extraImagesOf(source.extras)) keys.set(image.key, image.ref);
  const refs = [...keys.values()];
  const extras = source.extras;
  const counted = async (table: typeof projects | typeof testimonials, ids: string[]) => {
    const found = await existingIds(db, table, ids);
    const update = ids.filter((id) => found.has(id)).length;
    return { create: ids.length - update, update };
  };
  return {
    format: source.format,
    create: items.filter((item) => item.action === "create").length,
    update: items.filter((item) => item.action === "update").length,
    unchanged: 0,
    items,
    skipped: skipped.map((skip) => ({ ...skip, label: shorten(skip.label) })),
    images: {
      files: refs.filter((ref) => "file" in ref).length,
      urls: refs.filter((ref) => "url" in ref).length,
    },
    projects: await counted(projects, extras?.projects.map((project) => project.id) ?? []),
    testimonials: await counted(testimonials, extras?.testimonials.map((quote) => quote.id) ?? []),
    settings: Boolean(extras?.settings),
  };
}

/** Stores an import's images through the upload path; answers their stored addresses and what failed. */
async function storeImages(
  deps: MovingDeps,
  source: ImportSource,
): Promise<{ stored: Map<string, string>; fresh: string[]; failed: string[] }> {
  const stored = new Map<string, string>();
  const fresh: string[] = [];
  const failed: string[] = [];
  const wanted = new Map<string, { ref: ImageRef; folder: string }>();
  for (const article of source.articles) for (const image of imagesOf(article)) wanted.set(image.key, image);
  for (const image of extraImagesOf(source.extras)) wanted.set(image.key, image);
  const keys = [...wanted.keys()];
  // An image this source brought before, still stored, is used again rather than stored twice.
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await deps.db
      .select({ source_id: importedItems.source_id, item_id: importedItems.item_id })
      .from(importedItems)
      .where(
        and(
          eq(importedItems.source, source.source),
          inArray(importedItems.source_id, keys.slice(start, start + 500)),
        ),
      );
    for (const row of rows) {
      const at = parseImageUrl(row.item_id);
      if (at && (await deps.images.exists(at.folder, at.name))) stored.set(row.source_id, row.item_id);
    }
  }
  let fetched = 0;
  for (const [key, { ref, folder }] of wanted) {
    if (stored.has(key)) continue;
    let bytes: Uint8Array | null | undefined;
    let name: string;
    if ("file" in ref) {
      const file = path.normalize(path.join(folder, ref.file));
      bytes = source.files.get(file);
      name = path.basename(file);
    } else {
      name = path.basename(new URL(ref.url, "http://x").pathname) || "image";
      bytes = fetched < MAX_FETCHED_IMAGES ? await deps.fetchImage(ref.url) : null;
      fetched++;
    }
    if (!bytes) {
      failed.push("file" in ref ? ref.file : ref.url);
      continue;
    }
    try {
      const upload = await deps.uploads.store(
        { name, bytes },
        "articles",
        deps.now().getTime() + stored.size,
      );
      stored.set(key, upload.url);
      fresh.push(upload.url);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      failed.push("file" in ref ? ref.file : ref.url);
    }
  }
  return { stored, fresh, failed };
}

/** The old path of every imported text, and where it goes now, for rewriting links. */
function linkTable(source: ImportSource, slugs: Map<ImportArticle, { en: string; ar: string }>) {
  const table = new Map<string, string>();
  for (const [article, itemSlugs] of slugs)
    for (const language of LANGUAGES) {
      const text = article.texts[language];
      if (!text) continue;
      const target = itemPath("articles", itemSlugs, language);
      for (const old of text.oldPaths) table.set(oldAddressKey(old), target);
    }
  return table;
}

/** A sanitised text with its images pointing at their stored copies and its links at the new addresses. */
function rewrite(
  html: string,
  folder: string,
  origin: string | undefined,
  stored: Map<string, string>,
  links: Map<string, string>,
): string {
  return html
    .replace(/(<img\b[^>]*?\bsrc=")([^"]+)(")/g, (whole, before: string, src: string, after: string) => {
      const value = decodeEntities(src);
      const key = /^https?:\/\//i.test(value)
        ? `url:${value}`
        : `file:${path.normalize(path.join(folder, decodeURIComponentSafe(value)))}`;
      const url = stored.get(key);
      return url ? `${before}${url}${after}` : whole;
    })
    .replace(/(<a\b[^>]*?\bhref=")([^"]+)(")/g, (whole, before: string, href: string, after: string) => {
      const value = decodeEntities(href);
      let pathname: string | null = null;
      if (origin && value.startsWith(origin)) pathname = value.slice(origin.length) || "/";
      else if (value.startsWith("/") && !value.startsWith("//")) pathname = value;
      if (pathname === null) return whole;
      const target = links.get(oldAddressKey(pathname));
      return target ? `${before}${target}${after}` : whole;
    });
}

/** Whether a stored value equals a new one; jsonb keeps an object's keys in an order of its own. */
function sameValue(stored: unknown, next: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value instanceof Date
        ? value.toISOString()
        : typeof value === "object" && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .sort(([a], [b]) => (a < b ? -1 : 1))
                .map(([k, v]) => [k, canonical(v)]),
            )
          : value;
  return JSON.stringify(canonical(stored)) === JSON.stringify(canonical(next));
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Unique slugs for an imported article, as the owner's save would choose them, among the batch's too. */
async function chooseSlugs(
  tx: Transaction,
  article: ImportArticle,
  id: string | undefined,
  taken: { en: Set<string>; ar: Set<string> },
  now: number,
): Promise<{ en: string; ar: string }> {
  const isTaken =
    (column: typeof articles.slug | typeof articles.slug_ar, batch: Set<string>) => async (slug: string) => {
      if (batch.has(slug)) return true;
      const [row] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(id ? and(eq(column, slug), ne(articles.id, id)) : eq(column, slug))
        .limit(1);
      return Boolean(row);
    };
  const en = article.texts.en;
  const ar = article.texts.ar;
  const enCandidate = en?.slug
    ? arabicSlug(en.slug)
    : article.slugEn
      ? arabicSlug(article.slugEn)
      : buildSlug(en?.title ?? ar?.title ?? "", now);
  const slugEn = await buildUniqueSlug(
    enCandidate.length >= SLUG_MIN_LENGTH ? enCandidate : arabicSlug(ar?.slug ?? "") || buildSlug("", now),
    isTaken(articles.slug, taken.en),
    now,
  );
  const arCandidate = ar?.slug ? arabicSlug(ar.slug) : arabicSlug(ar?.title ?? "");
  const slugAr = await buildUniqueSlug(
    arCandidate.length >= SLUG_MIN_LENGTH ? arCandidate : slugEn,
    isTaken(articles.slug_ar, taken.ar),
    now,
  );
  taken.en.add(slugEn);
  taken.ar.add(slugAr);
  return { en: slugEn, ar: slugAr };
}

/** Our own old address of an article in a language: `/articles/x` or `/ar/articles/x`. */
function ownSlugAddress(address: string): { language: Language; slug: string } | null {
  const match = /^\/(ar\/)?articles\/([^/]+)$/.exec(oldAddressKey(address));
  if (!match || match[2]!.startsWith("tag")) return null;
  return { language: match[1] ? "ar" : "en", slug: match[2]! };
}

/** Only the settings fields that pass their checks: an export edited by hand cannot break the site. */
function validSettings(given: Record<string, unknown>): Record<string, unknown> {
  const shape = SiteSettingsSchema.shape as Record<
    string,
    { safeParse(value: unknown): { success: boolean } }
  >;
  return Object.fromEntries(
    Object.entries(given).filter(([field, value]) => shape[field]?.safeParse(value).success === true),
  );
}

/** Writes our own export's projects (with their galleries), testimonials and settings, matched by their ids. */
async function writeExtras(
  tx: Transaction,
  extras: SiraExtras,
  clean: Map<string, string>,
  stored: Map<string, string>,
  now: Date,
): Promise<void> {
  const image = (ref: ImageRef | null, folder: string) =>
    ref ? (stored.get(imageKey(ref, folder)) ?? null) : null;
  for (const project of extras.projects) {
    const { en, ar } = project.texts;
    const html = (value: string | undefined) =>
      value ? rewrite(clean.get(value) ?? "", project.folder, undefined, stored, new Map()) : "";
    const cover = image(project.cover, project.folder);
    const fields = {
      title: en?.title ?? project.label,
      title_ar: ar?.title ?? "",
      description: en?.description ?? "",
      description_ar: ar?.description ?? "",
      category: en?.category ?? "",
      category_ar: ar?.category ?? "",
      image_url: cover,
      image_alt_en: cover ? (en?.coverAlt ?? "") : "",
      image_alt_ar: cover ? (ar?.coverAlt ?? "") : "",
      github_link: project.github,
      live_link: project.live,
      tags: project.tags,
      featured: project.featured,
      position: project.position,
      published: project.published,
      slug_en: en?.slug ?? "",
      slug_ar: ar?.slug ?? "",
      meta_title_en: en?.metaTitle ?? "",
      meta_title_ar: ar?.metaTitle ?? "",
      meta_description_en: en?.metaDescription ?? "",
      meta_description_ar: ar?.metaDescription ?? "",
      share_image_en: image(en?.shareImage ?? null, project.folder),
      share_image_ar: image(ar?.shareImage ?? null, project.folder),
      client_en: en?.client ?? "",
      client_ar: ar?.client ?? "",
      role_en: en?.role ?? "",
      role_ar: ar?.role ?? "",
      period_en: en?.period ?? "",
      period_ar: ar?.period ?? "",
      problem_en: html(en?.problem),
      problem_ar: html(ar?.problem),
      approach_en: html(en?.approach),
      approach_ar: html(ar?.approach),
      outcome_en: html(en?.outcome),
      outcome_ar: html(ar?.outcome),
      results_en: en?.results ?? [],
      results_ar: ar?.results ?? [],
      created_at: project.date,
      text_changed_en: en ? project.date : null,
      text_changed_ar: ar ? project.date : null,
    };
    await tx
      .insert(projects)
      .values({ id: project.id, ...fields })
      .onConflictDoUpdate({ target: projects.id, set: fields });
    await tx.delete(projectImages).where(eq(projectImages.project_id, project.id));
    const gallery = project.gallery.flatMap((ref, index) => {
      const url = image(ref, project.folder);
      return url
        ? [
            {
              project_id: project.id,
              url,
              alt_en: en?.galleryAlts[index] ?? "",
              alt_ar: ar?.galleryAlts[index] ?? "",
              position: index,
            },
          ]
        : [];
    });
    if (gallery.length > 0) await tx.insert(projectImages).values(gallery);
  }
  const wanted = extras.testimonials.flatMap((quote) => (quote.projectId ? [quote.projectId] : []));
  const known = await existingIds(tx, projects, [...new Set(wanted)]);
  for (const quote of extras.testimonials) {
    const fields = {
      name: quote.name,
      role: quote.role,
      company: quote.company,
      quote_en: quote.quoteEn,
      quote_ar: quote.quoteAr,
      photo_url: image(quote.photo, ""),
      // A testimonial about a project the site does not have keeps its words, without the link.
      project_id: quote.projectId && known.has(quote.projectId) ? quote.projectId : null,
      approved: quote.approved,
      show_on_home: quote.showOnHome,
      position: quote.position,
      created_at: quote.date,
    };
    await tx
      .insert(testimonials)
      .values({ id: quote.id, ...fields })
      .onConflictDoUpdate({ target: testimonials.id, set: fields });
  }
  if (extras.settings) {
    const overrides = validSettings(extras.settings);
    await tx
      .insert(siteSettings)
      .values({ id: 1, overrides, updated_at: now })
      .onConflictDoUpdate({ target: siteSettings.id, set: { overrides, updated_at: now } });
  }
}

/** Runs an import: images first, then every article in one transaction. Nothing is written when it fails. */
export async function runImport(deps: MovingDeps, source: ImportSource): Promise<ImportResult> {
  const plan = await planImport(deps.db, source);
  // Sanitised before the transaction: the embedded database answers nobody else while one is open.
  const clean = new Map<ImportText, string>();
  for (const article of source.articles)
    for (const language of LANGUAGES) {
      const text = article.texts[language];
      if (text) clean.set(text, await deps.sanitizeHtml(text.html));
    }
  const cleanExtras = new Map<string, string>();
  for (const project of source.extras?.projects ?? [])
    for (const language of LANGUAGES) {
      const text = project.texts[language];
      if (!text) continue;
      for (const html of [text.problem, text.approach, text.outcome])
        if (html && !cleanExtras.has(html)) cleanExtras.set(html, await deps.sanitizeHtml(html));
    }
  const images = await storeImages(deps, source);
  const now = deps.now();
  let unchanged = 0;
  try {
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:article-slugs'))`);
      const matched = await matchedIds(tx, source);
      const taken = { en: new Set<string>(), ar: new Set<string>() };
      const slugs = new Map<ImportArticle, { en: string; ar: string }>();
      for (const article of source.articles)
        slugs.set(
          article,
          await chooseSlugs(tx, article, matched.get(article.sourceId), taken, now.getTime()),
        );
      const links = linkTable(source, slugs);
      for (const article of source.articles) {
        const id = matched.get(article.sourceId);
        const itemSlugs = slugs.get(article)!;
        const content = (language: Language) => {
          const text = article.texts[language];
          return text ? rewrite(clean.get(text)!, text.folder, source.origin, images.stored, links) : "";
        };
        const image = (ref: ImageRef | null, folder: string) =>
          ref ? (images.stored.get(imageKey(ref, folder)) ?? null) : null;
        const folder = article.texts.en?.folder ?? article.texts.ar?.folder ?? "";
        const titles = buildArticleTitles({
          title_en: article.texts.en?.title,
          title_ar: article.texts.ar?.title,
        })!;
        const content_en = content("en");
        const content_ar = content("ar");
        const summary = (language: Language) => clip(article.texts[language]?.summary ?? "", MAX_SUMMARY);
        const cover = image(article.cover, folder);
        const [current] = id ? await tx.select().from(articles).where(eq(articles.id, id)).limit(1) : [];
        // An undated draft keeps the date it was given when first imported.
        const date = article.date ?? current?.date ?? now;
        const updated = article.updated ?? date;
        const fields = {
          ...titles,
          content_en,
          content_ar,
          summary_en: summary("en"),
          summary_ar: summary("ar"),
          excerpt_en: summary("en") || buildExcerpt(content_en),
          excerpt_ar: summary("ar") || buildExcerpt(content_ar),
          reading_minutes_en: readingMinutes(content_en),
          reading_minutes_ar: readingMinutes(content_ar),
          tags: tagsOf(article),
          meta_title_en: clip(article.texts.en?.metaTitle ?? "", MAX_META_TITLE),
          meta_title_ar: clip(article.texts.ar?.metaTitle ?? "", MAX_META_TITLE),
          meta_description_en: clip(article.texts.en?.metaDescription ?? "", MAX_META_DESCRIPTION),
          meta_description_ar: clip(article.texts.ar?.metaDescription ?? "", MAX_META_DESCRIPTION),
          share_image_en: image(article.texts.en?.shareImage ?? null, article.texts.en?.folder ?? ""),
          share_image_ar: image(article.texts.ar?.shareImage ?? null, article.texts.ar?.folder ?? ""),
          image_url: cover,
          image_alt_en: cover ? (article.texts.en?.coverAlt ?? "") : "",
          image_alt_ar: cover ? (article.texts.ar?.coverAlt ?? "") : "",
          slug: itemSlugs.en,
          slug_ar: itemSlugs.ar,
          published: article.status === "published",
          ever_published: article.status === "published",
          date,
          updated_at: updated,
          text_changed_en: content_en ? updated : null,
          text_changed_ar: content_ar ? updated : null,
        };
        let itemId: string;
        if (id) {
          const same =
            current !== undefined &&
            (Object.keys(fields) as (keyof typeof fields)[]).every((key) =>
              sameValue(current[key], fields[key]),
            );
          if (same) unchanged++;
          else await tx.update(articles).set(fields).where(eq(articles.id, id));
          itemId = id;
        } else {
          const [inserted] = await tx
            .insert(articles)
            .values({ ...fields, ...(article.id ? { id: article.id } : {}), created_at: date })
            .returning({ id: articles.id });
          itemId = inserted!.id;
        }
        await tx
          .insert(importedItems)
          .values({ source: source.source, source_id: article.sourceId, kind: "articles", item_id: itemId })
          .onConflictDoUpdate({
            target: [importedItems.source, importedItems.source_id],
            set: { item_id: itemId },
          });
        for (const language of LANGUAGES)
          for (const old of article.texts[language]?.oldPaths ?? []) {
            const own = ownSlugAddress(old);
            if (own) {
              if (own.slug === itemSlugs[own.language]) continue;
              await tx
                .insert(slugHistory)
                .values({
                  kind: "articles",
                  language: own.language,
                  slug: own.slug,
                  item_id: itemId,
                  retired_at: updated,
                })
                .onConflictDoUpdate({
                  target: [slugHistory.kind, slugHistory.language, slugHistory.slug],
                  set: { item_id: itemId },
                });
            } else {
              const key = oldAddressKey(old);
              if (key === "/" || key === itemPath("articles", itemSlugs, language)) continue;
              await tx
                .insert(oldAddresses)
                .values({ path: key, kind: "articles", language, item_id: itemId })
                .onConflictDoUpdate({ target: oldAddresses.path, set: { item_id: itemId, language } });
            }
          }
      }
      if (source.extras) await writeExtras(tx, source.extras, cleanExtras, images.stored, now);
      for (const [key, url] of images.stored)
        await tx
          .insert(importedItems)
          .values({ source: source.source, source_id: key, kind: "images", item_id: url })
          .onConflictDoUpdate({
            target: [importedItems.source, importedItems.source_id],
            set: { item_id: url },
          });
    });
  } catch (error) {
    for (const url of images.fresh) {
      const at = parseImageUrl(url);
      if (at) await deps.images.remove(at.folder, at.name).catch(() => undefined);
    }
    deps.logger.error("import failed; nothing was changed", { error: String(error) });
    if (error instanceof ServiceError) throw error;
    throw new ServiceError(422, "importFailed", { path: "file" });
  }
  deps.logger.info("import done", {
    source: source.source,
    created: plan.create,
    updated: plan.update - unchanged,
  });
  return { ...plan, update: plan.update - unchanged, unchanged, imagesFailed: images.failed };
}

/** Where an old address of an imported item goes now: its public address here, or null. */
export async function resolveOldAddress(db: Database, address: string, now: Date): Promise<string | null> {
  const key = oldAddressKey(address);
  if (key.length > 2000) return null;
  const [row] = await db
    .select({
      language: oldAddresses.language,
      slug: articles.slug,
      slug_ar: articles.slug_ar,
      published: articles.published,
      date: articles.date,
    })
    .from(oldAddresses)
    .innerJoin(articles, sql`${articles.id}::text = ${oldAddresses.item_id}::text`)
    .where(eq(oldAddresses.path, key))
    .limit(1);
  if (!row || !row.published || row.date > now) return null;
  return itemPath("articles", { en: row.slug, ar: row.slug_ar || row.slug }, row.language);
}

export type { SkipReason };
