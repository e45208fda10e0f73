import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Language } from "#core/preferences.ts";
import { MAX_ARTICLE_HTML_BYTES } from "#core/article-limits.ts";
import { contentToHtml } from "#core/content-html.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { ImportArticle, ImportSource, ImportText, Skipped } from "./items.ts";

// A WordPress export (WXR, docs/product.md §31): posts with their categories and tags, featured images, drafts
// and scheduled posts, slugs, and the language pairs Polylang records (its `language` and `post_translations`
// terms). A document type is refused before parsing, so no entity is ever expanded and nothing external is read;
// the parser itself leaves entities alone. Shortcodes stay as the text they are.

const refuse = (key: "importMalformed" | "importEntities") =>
  new ServiceError(422, key, { path: "file", vars: { format: "XML", file: "WXR" } });

type Node = Record<string, unknown>;

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The text of an element, its CDATA or its characters; entities of XML's own five decoded. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string" || typeof value === "number") return decodeXml(String(value));
  if (typeof value === "object") {
    const node = value as Node;
    if (node.__cdata !== undefined)
      return asList(node.__cdata as unknown)
        .map((part) => String(part))
        .join("");
    if (typeof node["#text"] === "string" || typeof node["#text"] === "number")
      return decodeXml(String(node["#text"]));
  }
  return "";
}

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** XML's predefined and numeric character references; any other name stays as it is written. */
function decodeXml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return XML_ENTITIES[name] ?? whole;
  });
}

function gmtDate(value: string): Date | null {
  if (!value || value.startsWith("0000")) return null;
  const parsed = new Date(`${value.replace(" ", "T")}Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** Polylang keeps a translation group as a serialised PHP array: `a:2:{s:2:"en";i:12;s:2:"ar";i:14;}`. */
function polylangGroup(description: string): Map<string, Language> {
  const members = new Map<string, Language>();
  for (const match of description.matchAll(/s:\d+:"(en|ar)[^"]*";i:(\d+);/g))
    members.set(match[2]!, match[1] as Language);
  return members;
}

/**
 * Refuses a run of character data (outside CDATA) longer than any field takes. The parser reads such text a
 * character at a time, a thousand times slower than CDATA: a 20 MB title would hold the server for seconds before
 * the item's own check refused it. WordPress writes every long text (content, excerpt) as CDATA.
 */
function refuseLongText(xml: string): void {
  const max = MAX_ARTICLE_HTML_BYTES;
  let at = 0;
  while (at < xml.length) {
    const tag = xml.indexOf("<", at);
    if ((tag === -1 ? xml.length : tag) - at > max)
      throw new ServiceError(422, "importTextTooLong", { path: "file", vars: { max: max / 2 ** 20 } });
    if (tag === -1) return;
    const end = xml.startsWith("<![CDATA[", tag) ? xml.indexOf("]]>", tag) : xml.indexOf(">", tag);
    if (end === -1) return;
    at = end + 1;
  }
}

export function readWordPress(xml: string): ImportSource {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw refuse("importEntities");
  refuseLongText(xml);
  if (XMLValidator.validate(xml) !== true) throw refuse("importMalformed");
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    cdataPropName: "__cdata",
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    trimValues: true,
  });
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch {
    throw refuse("importMalformed");
  }
  const channel = (document.rss as Node | undefined)?.channel as Node | undefined;
  if (!channel) throw refuse("importMalformed");
  const origin = originOf(textOf(channel["wp:base_blog_url"]) || textOf(channel.link));
  const groups = new Map<string, Map<string, Language>>();
  for (const term of asList(channel["wp:term"] as Node | Node[] | undefined))
    if (textOf(term["wp:term_taxonomy"]) === "post_translations")
      groups.set(textOf(term["wp:term_slug"]), polylangGroup(textOf(term["wp:term_description"])));
  const items = asList(channel.item as Node | Node[] | undefined);
  const attachments = new Map<string, string>();
  for (const item of items)
    if (textOf(item["wp:post_type"]) === "attachment")
      attachments.set(textOf(item["wp:post_id"]), textOf(item["wp:attachment_url"]));

  const skipped: Skipped[] = [];
  const byId = new Map<string, ImportArticle>();
  const articles: ImportArticle[] = [];
  for (const item of items) {
    const type = textOf(item["wp:post_type"]);
    const title = textOf(item.title);
    const id = textOf(item["wp:post_id"]);
    if (type === "attachment") continue;
    const label = title || `#${id}`;
    if (type !== "post") {
      skipped.push({ label, reason: "notAPost" });
      continue;
    }
    const status = textOf(item["wp:status"]);
    if (status === "trash" || status === "auto-draft" || status === "inherit") {
      skipped.push({ label, reason: "trashed" });
      continue;
    }
    if (!title) {
      skipped.push({ label, reason: "noTitle" });
      continue;
    }
    const categories = asList(item.category as Node | Node[] | undefined);
    const terms = (domain: string) => categories.filter((category) => category["@domain"] === domain);
    const language: Language =
      terms("language")
        .map((term) => String(term["@nicename"]))
        .find((code) => code === "ar" || code === "en") === "ar"
        ? "ar"
        : /[\u0600-\u06FF]/.test(title)
          ? "ar"
          : "en";
    const meta = new Map(
      asList(item["wp:postmeta"] as Node | Node[] | undefined).map((entry) => [
        textOf(entry["wp:meta_key"]),
        textOf(entry["wp:meta_value"]),
      ]),
    );
    const thumbnail = attachments.get(meta.get("_thumbnail_id") ?? "");
    const link = textOf(item.link);
    const slug = decodeURIComponentSafe(textOf(item["wp:post_name"])) || `post-${id}`;
    const oldPath = pathOf(link, origin);
    const text: ImportText = {
      title,
      slug,
      // WordPress stores paragraphs as blank lines (wpautop makes them at display); Gutenberg's comments go with
      // the sanitiser.
      html: contentToHtml(textOf(item["content:encoded"])),
      summary: textOf(item["excerpt:encoded"]),
      metaTitle: "",
      metaDescription: "",
      coverAlt: "",
      tags: [...terms("post_tag"), ...terms("category")]
        .map((term) => textOf(term))
        .filter((name) => name !== "" && name !== "Uncategorized"),
      shareImage: null,
      oldPaths: oldPath && !oldPath.includes("?") ? [oldPath] : [],
      folder: "",
    };
    const scheduled = status === "future";
    const article: ImportArticle = {
      sourceId: `post:${id}`,
      label,
      status: status === "publish" || scheduled ? "published" : "draft",
      date: gmtDate(textOf(item["wp:post_date_gmt"])) ?? gmtDate(textOf(item["wp:post_date"])),
      updated: gmtDate(textOf(item["wp:post_modified_gmt"])),
      texts: { [language]: text },
      cover: thumbnail ? { url: thumbnail } : null,
    };
    // A Polylang pair is one article here: the second language joins the first one read.
    const group = terms("post_translations")
      .map((term) => groups.get(String(term["@nicename"])))
      .find(Boolean);
    const partner = group
      ? [...group.keys()]
          .filter((other) => other !== id)
          .map((other) => byId.get(other))
          .find(Boolean)
      : undefined;
    if (partner && !partner.texts[language]) {
      partner.texts[language] = text;
      partner.cover ??= article.cover;
      byId.set(id, partner);
      continue;
    }
    if (group) article.sourceId = `post:${[...group.keys()].sort().join("+")}`;
    byId.set(id, article);
    articles.push(article);
  }
  return { source: `wordpress:${origin}`, format: "wordpress", articles, skipped, files: new Map(), origin };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/** The path of a post's permalink on its own site, decoded (Arabic slugs are percent-encoded in WXR). */
function pathOf(link: string, origin: string): string | null {
  try {
    const url = new URL(link, origin || undefined);
    if (origin && url.origin !== origin) return null;
    return decodeURIComponentSafe(url.pathname) + url.search;
  } catch {
    return null;
  }
}
