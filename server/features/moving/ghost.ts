import { ServiceError } from "#server/http/errors.ts";
import type { ImportArticle, ImportSource, Skipped } from "./items.ts";

// A Ghost export (JSON, docs/product.md §31): `{ db: [{ meta, data: { posts, tags, posts_tags } }] }`. Posts keep
// their HTML, tags, feature image, status (draft, scheduled, published), dates and texts for search and sharing;
// pages are skipped. A post's old address is Ghost's default `/{slug}/`.

type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const rows = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((row): row is Row => typeof row === "object" && row !== null) : [];

function date(value: unknown): Date | null {
  const given = text(value);
  if (!given) return null;
  const parsed = new Date(given);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const refuse = () =>
  new ServiceError(422, "importMalformed", { path: "file", vars: { format: "JSON", file: "Ghost" } });

/** Ghost writes its own address as this placeholder in exports. */
const GHOST_URL = "__GHOST_URL__";

export function readGhost(json: string): ImportSource {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw refuse();
  }
  const database = (parsed as { db?: unknown })?.db;
  const data = (Array.isArray(database) ? (database[0] as Row | undefined)?.data : undefined) as
    Row | undefined;
  if (!data || !Array.isArray(data.posts)) throw refuse();
  const tags = new Map(rows(data.tags).map((tag) => [text(tag.id), text(tag.name)]));
  const tagsOf = new Map<string, { name: string; order: number }[]>();
  for (const link of rows(data.posts_tags)) {
    const name = tags.get(text(link.tag_id));
    // Ghost's internal tags (#hash) are not shown to readers.
    if (!name || name.startsWith("#")) continue;
    const list = tagsOf.get(text(link.post_id)) ?? [];
    list.push({ name, order: Number(link.sort_order) || 0 });
    tagsOf.set(text(link.post_id), list);
  }
  const skipped: Skipped[] = [];
  const articles: ImportArticle[] = [];
  for (const post of rows(data.posts)) {
    const title = text(post.title);
    const id = text(post.id);
    const label = title || id;
    if ((post.type !== undefined && post.type !== "post") || post.page === true || post.page === 1) {
      skipped.push({ label, reason: "notAPost" });
      continue;
    }
    if (!title) {
      skipped.push({ label, reason: "noTitle" });
      continue;
    }
    const html = typeof post.html === "string" ? post.html : "";
    if (!html.trim() && (post.lexical || post.mobiledoc)) {
      skipped.push({ label, reason: "noContent" });
      continue;
    }
    const slug = text(post.slug) || id;
    const status = text(post.status);
    const feature = text(post.feature_image).replace(GHOST_URL, "");
    const arabic = /[\u0600-\u06FF]/.test(title) || text(post.locale).startsWith("ar");
    const entry = {
      title,
      slug,
      html: html.replaceAll(`${GHOST_URL}/`, "/"),
      summary: text(post.custom_excerpt),
      metaTitle: text(post.meta_title),
      metaDescription: text(post.meta_description),
      coverAlt: text(post.feature_image_alt),
      tags: (tagsOf.get(id) ?? []).sort((a, b) => a.order - b.order).map((tag) => tag.name),
      shareImage: null,
      oldPaths: [`/${slug}/`],
      folder: "",
    };
    articles.push({
      sourceId: `post:${id}`,
      label,
      status: status === "published" || status === "scheduled" ? "published" : "draft",
      date: date(post.published_at) ?? date(post.created_at),
      updated: date(post.updated_at),
      texts: arabic ? { ar: entry } : { en: entry },
      cover: feature
        ? /^https?:\/\//i.test(feature)
          ? { url: feature }
          : { file: feature.replace(/^\//, "") }
        : null,
    });
  }
  return { source: "ghost", format: "ghost", articles, skipped, files: new Map() };
}
