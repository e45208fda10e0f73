import { Marked } from "marked";
import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";
import { parseDocument, stringify } from "yaml";

// The texts of the export and the import (docs/product.md §31): rich text (HTML, as the editor stores it) to
// CommonMark + GFM and back, and the YAML front matter around it. What Markdown cannot say (an aligned paragraph,
// a <figure>, a <u>) is kept as inline HTML rather than dropped; whatever comes in passes the site's sanitiser
// after this, like the owner's own save.

let converter: TurndownService | undefined;

function turndown(): TurndownService {
  if (converter) return converter;
  const service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "*",
    strongDelimiter: "**",
    hr: "---",
  });
  service.use(gfm);
  // One space after a list marker, and no blank line inside a tight item: what people and generators write.
  service.addRule("listItem", {
    filter: "li",
    replacement(content, node) {
      const parent = node.parentNode as HTMLElement | null;
      let prefix = "- ";
      if (parent?.nodeName === "OL") {
        const start = Number(parent.getAttribute("start") ?? "1") || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const body = content
        .replace(/^\n+/, "")
        .replace(/\n+$/, "\n")
        .replace(/\n(?=.)/g, `\n${" ".repeat(prefix.length)}`);
      return prefix + body + (node.nextSibling && !body.endsWith("\n") ? "\n" : "");
    },
  });
  // Markdown has no alignment nor underline: such elements are kept whole, as HTML.
  service.keep((node) => node.hasAttribute?.("style") || ["U", "FIGURE"].includes(node.nodeName));
  converter = service;
  return service;
}

/** Rich text (HTML) as CommonMark + GFM. */
export function htmlToMarkdown(html: string): string {
  if (html.trim() === "") return "";
  return turndown().turndown(html).trim();
}

const marked = new Marked({ gfm: true, async: false });

/** CommonMark + GFM as HTML (still to be sanitised). */
export function markdownToHtml(markdown: string): string {
  if (markdown.trim() === "") return "";
  return (marked.parse(markdown) as string).trim();
}

/** A document's front matter and body; null front matter when it has none. */
export interface MarkdownDocument {
  data: Record<string, unknown>;
  body: string;
}

/** Refused: its front matter is not YAML, or not a mapping. */
export class FrontMatterError extends Error {}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Splits `---` YAML front matter from the body. Aliases are refused (a "billion laughs" of YAML anchors), as is
 * anything but a mapping at the top.
 */
export function parseMarkdownDocument(text: string): MarkdownDocument {
  const source = text.replace(/^\uFEFF/, "");
  const match = FRONT_MATTER.exec(source);
  if (!match) return { data: {}, body: source };
  const document = parseDocument(match[1]!, { uniqueKeys: true });
  if (document.errors.length > 0) throw new FrontMatterError(document.errors[0]!.message);
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: 0 });
  } catch (error) {
    throw new FrontMatterError(String(error));
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data))
    throw new FrontMatterError("front matter is not a mapping");
  return { data: data as Record<string, unknown>, body: source.slice(match[0].length) };
}

/** A Markdown file: YAML front matter (keys in the given order, undefined ones left out), a blank line, the body. */
export function writeMarkdownDocument(data: Record<string, unknown>, body: string): string {
  const kept = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
  const yaml = stringify(kept, { lineWidth: 0 });
  return `---\n${yaml}---\n${body === "" ? "" : `\n${body}\n`}`;
}

/** Any value as a YAML document (settings, services, testimonials). */
export const writeYaml = (value: unknown): string => stringify(value, { lineWidth: 0 });
