import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { asc, eq } from "drizzle-orm";
import yazl from "yazl";
import { parseImageUrl } from "#core/images.ts";
import type { Language } from "#core/preferences.ts";
import type { Database } from "#db/client.ts";
import {
  articles,
  oldAddresses,
  projectImages,
  projects,
  siteSettings,
  slugHistory,
  testimonials,
  type ArticleRow,
  type ProjectImageRow,
  type ProjectRow,
} from "#db/schema.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { htmlToMarkdown, writeMarkdownDocument, writeYaml } from "./markdown.ts";
import { SIRA_FORMAT, SIRA_MARKER } from "./markdown-source.ts";

// Moving out (docs/product.md §31): the whole site as plain files a person can read and any static-site generator
// can use. A folder per article (Hugo's page bundle: `index.en.md`, `index.ar.md`, its images beside them), YAML
// front matter, CommonMark + GFM bodies; the settings and testimonials as YAML. The same site always gives the
// same bytes: keys in a fixed order, files sorted, no time of export inside.

export const EXPORT_VERSION = 1;

const LANGUAGES = ["en", "ar"] as const;

/** An export: file paths to their bytes, in the order they are written. */
export type ExportFiles = Map<string, Buffer>;

/** An image's name in its folder: the stored name without its time prefix, made unique within the folder. */
function exportName(url: string, used: Map<string, string>): string {
  const known = used.get(url);
  if (known) return known;
  const stored = parseImageUrl(url)?.name ?? path.posix.basename(url);
  const base = stored.replace(/^\d+_/, "");
  const taken = new Set(used.values());
  let name = base;
  for (let n = 2; taken.has(name); n++) name = base.replace(/(\.[a-z]+)?$/, `-${n}$1`);
  used.set(url, name);
  return name;
}

async function articleFiles(
  row: ArticleRow,
  history: { language: string; slug: string }[],
  old: { language: string; path: string }[],
  images: ImageStore,
  files: ExportFiles,
) {
  const folder = `articles/${row.slug}`;
  const used = new Map<string, string>();
  const image = (url: string | null) =>
    url && parseImageUrl(url) ? exportName(url, used) : (url ?? undefined);
  const scheduledOrPublished = row.published;
  for (const language of LANGUAGES) {
    const title = language === "en" ? row.title_en : row.title_ar;
    const html = language === "en" ? row.content_en : row.content_ar;
    const minutes = language === "en" ? row.reading_minutes_en : row.reading_minutes_ar;
    // A language exists when its content has text, or when neither has (decision 015).
    const exists =
      minutes > 0 || (row.reading_minutes_en === 0 && row.reading_minutes_ar === 0 && language === "en");
    if (!exists) continue;
    const body = htmlToMarkdown(
      html.replace(/(<img\b[^>]*?\bsrc=")([^"]+)(")/g, (whole, before: string, src: string, after: string) =>
        parseImageUrl(src) ? `${before}${exportName(src, used)}${after}` : whole,
      ),
    );
    const aliases = [
      ...history
        .filter((entry) => entry.language === language)
        .map((entry) => `${language === "ar" ? "/ar" : ""}/articles/${entry.slug}`),
      ...old.filter((entry) => entry.language === language).map((entry) => entry.path),
    ].sort();
    const other: Language = language === "en" ? "ar" : "en";
    const hasOther = (other === "en" ? row.reading_minutes_en : row.reading_minutes_ar) > 0;
    const data = {
      title,
      slug: language === "en" ? row.slug : row.slug_ar || row.slug,
      slugEn: language === "ar" && !hasOther ? row.slug : undefined,
      translationKey: row.id,
      date: row.date.toISOString(),
      lastmod: row.updated_at.toISOString(),
      draft: !scheduledOrPublished,
      tags: row.tags.length > 0 ? row.tags.map((tag) => tag[language] || tag.en) : undefined,
      tagsEn:
        language === "ar" && !hasOther && row.tags.length > 0 ? row.tags.map((tag) => tag.en) : undefined,
      summary: (language === "en" ? row.summary_en : row.summary_ar) || undefined,
      cover: image(row.image_url),
      coverAlt: row.image_url
        ? (language === "en" ? row.image_alt_en : row.image_alt_ar) || undefined
        : undefined,
      metaTitle: (language === "en" ? row.meta_title_en : row.meta_title_ar) || undefined,
      metaDescription: (language === "en" ? row.meta_description_en : row.meta_description_ar) || undefined,
      shareImage: image(language === "en" ? row.share_image_en : row.share_image_ar),
      aliases: aliases.length > 0 ? aliases : undefined,
    };
    files.set(`${folder}/index.${language}.md`, Buffer.from(writeMarkdownDocument(data, body)));
  }
  for (const [url, name] of [...used].sort(([, a], [, b]) => (a < b ? -1 : 1))) {
    const at = parseImageUrl(url);
    if (!at) continue;
    if (await images.exists(at.folder, at.name))
      files.set(`${folder}/${name}`, await images.read(at.folder, at.name));
  }
}

/** Adds the stored images an item's files name, under the names they were given in its folder. */
async function imageFiles(folder: string, used: Map<string, string>, images: ImageStore, files: ExportFiles) {
  for (const [url, name] of [...used].sort(([, a], [, b]) => (a < b ? -1 : 1))) {
    const at = parseImageUrl(url);
    if (!at) continue;
    if (await images.exists(at.folder, at.name))
      files.set(`${folder}/${name}`, await images.read(at.folder, at.name));
  }
}

/**
 * A project as a page bundle, like an article: `index.en.md` and, when it has Arabic, `index.ar.md`; its
 * description is the body, its case study's three texts Markdown in the front matter, its cover and gallery beside.
 */
async function projectFiles(
  row: ProjectRow,
  gallery: ProjectImageRow[],
  images: ImageStore,
  files: ExportFiles,
) {
  const folder = `projects/${row.slug_en || row.id}`;
  const used = new Map<string, string>();
  const image = (url: string | null) =>
    url && parseImageUrl(url) ? exportName(url, used) : (url ?? undefined);
  const markdown = (html: string) =>
    htmlToMarkdown(
      html.replace(/(<img\b[^>]*?\bsrc=")([^"]+)(")/g, (whole, before: string, src: string, after: string) =>
        parseImageUrl(src) ? `${before}${exportName(src, used)}${after}` : whole,
      ),
    ) || undefined;
  for (const language of LANGUAGES) {
    const en = language === "en";
    if (!en && row.title_ar === "") continue;
    const pick = <T>(english: T, arabic: T) => (en ? english : arabic);
    const results = pick(row.results_en, row.results_ar);
    const data = {
      title: pick(row.title, row.title_ar),
      slug: pick(row.slug_en, row.slug_ar) || undefined,
      translationKey: row.id,
      date: row.created_at.toISOString(),
      draft: !row.published,
      featured: row.featured || undefined,
      position: row.position,
      category: pick(row.category, row.category_ar) || undefined,
      tags: row.tags.length > 0 ? row.tags : undefined,
      client: pick(row.client_en, row.client_ar) || undefined,
      role: pick(row.role_en, row.role_ar) || undefined,
      period: pick(row.period_en, row.period_ar) || undefined,
      results: results.length > 0 ? results : undefined,
      github: row.github_link || undefined,
      live: row.live_link || undefined,
      cover: image(row.image_url),
      coverAlt: row.image_url ? pick(row.image_alt_en, row.image_alt_ar) || undefined : undefined,
      gallery:
        gallery.length > 0
          ? gallery.map((entry) => ({
              src: image(entry.url),
              alt: pick(entry.alt_en, entry.alt_ar) || undefined,
            }))
          : undefined,
      metaTitle: pick(row.meta_title_en, row.meta_title_ar) || undefined,
      metaDescription: pick(row.meta_description_en, row.meta_description_ar) || undefined,
      shareImage: image(pick(row.share_image_en, row.share_image_ar)),
      problem: markdown(pick(row.problem_en, row.problem_ar)),
      approach: markdown(pick(row.approach_en, row.approach_ar)),
      outcome: markdown(pick(row.outcome_en, row.outcome_ar)),
    };
    files.set(
      `${folder}/index.${language}.md`,
      Buffer.from(writeMarkdownDocument(data, pick(row.description, row.description_ar))),
    );
  }
  await imageFiles(folder, used, images, files);
}

/** The whole site as files: site.yaml (format and settings), testimonials.yaml, and a folder per article. */
export async function buildExport(deps: { db: Database; images: ImageStore }): Promise<ExportFiles> {
  const { db } = deps;
  const files: ExportFiles = new Map();
  const [settings] = await db
    .select({ overrides: siteSettings.overrides })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  files.set(SIRA_MARKER, Buffer.from(writeYaml({ format: SIRA_FORMAT, version: EXPORT_VERSION })));
  files.set("settings.yaml", Buffer.from(writeYaml(settings?.overrides ?? {})));
  const quotes = await db
    .select()
    .from(testimonials)
    .orderBy(asc(testimonials.position), asc(testimonials.id));
  const photos = new Map<string, string>();
  if (quotes.length > 0)
    files.set(
      "testimonials.yaml",
      Buffer.from(
        writeYaml(
          quotes.map((quote) => ({
            id: quote.id,
            name: quote.name,
            role: quote.role || undefined,
            company: quote.company || undefined,
            quote_en: quote.quote_en || undefined,
            quote_ar: quote.quote_ar || undefined,
            photo:
              quote.photo_url && parseImageUrl(quote.photo_url)
                ? `testimonials/${exportName(quote.photo_url, photos)}`
                : (quote.photo_url ?? undefined),
            project: quote.project_id ?? undefined,
            approved: quote.approved,
            showOnHome: quote.show_on_home,
            position: quote.position,
            date: quote.created_at.toISOString(),
          })),
        ),
      ),
    );
  await imageFiles("testimonials", photos, deps.images, files);
  const projectRows = await db.select().from(projects).orderBy(asc(projects.position), asc(projects.id));
  const galleries = await db
    .select()
    .from(projectImages)
    .orderBy(asc(projectImages.position), asc(projectImages.id));
  for (const row of projectRows)
    await projectFiles(
      row,
      galleries.filter((entry) => entry.project_id === row.id),
      deps.images,
      files,
    );
  const rows = await db.select().from(articles).orderBy(asc(articles.slug));
  const history = await db.select().from(slugHistory).where(eq(slugHistory.kind, "articles"));
  const old = await db.select().from(oldAddresses).where(eq(oldAddresses.kind, "articles"));
  for (const row of rows)
    await articleFiles(
      row,
      history.filter((entry) => entry.item_id === row.id),
      old.filter((entry) => entry.item_id === row.id),
      deps.images,
      files,
    );
  return files;
}

/** An export as one zip stream (the admin's "Download as Markdown"). */
export function exportZip(files: ExportFiles): Readable {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of files) zip.addBuffer(bytes, name, { mtime: new Date(0) });
  zip.end();
  const stream = new PassThrough();
  zip.outputStream.pipe(stream);
  return stream;
}

/** An export written into a folder (`npm run export -- DIR`). */
export async function writeExport(files: ExportFiles, directory: string): Promise<void> {
  for (const [name, bytes] of files) {
    const target = path.join(directory, ...name.split("/"));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
}
