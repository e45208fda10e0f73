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
  siteSettings,
  slugHistory,
  testimonials,
  type ArticleRow,
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
  if (quotes.length > 0)
    files.set(
      "testimonials.yaml",
      Buffer.from(
        writeYaml(
          quotes.map((quote) => ({
            name: quote.name,
            role: quote.role || undefined,
            company: quote.company || undefined,
            quote_en: quote.quote_en || undefined,
            quote_ar: quote.quote_ar || undefined,
          })),
        ),
      ),
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
