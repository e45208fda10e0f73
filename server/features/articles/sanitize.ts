import type { Config, DOMPurify as DOMPurifyInstance } from "dompurify";
import { ServiceError } from "#server/http/errors.ts";
import { highlightCodeBlocks } from "./highlight.ts";

// DOMPurify needs a DOM; on the server that is jsdom, loaded on first use so that pages without
// article HTML never pay its memory.
let purifier: Promise<DOMPurifyInstance> | undefined;

async function loadPurifier(): Promise<DOMPurifyInstance> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
  const purify = createDOMPurify(new JSDOM("").window);
  // Links that open elsewhere must not hand the article's window to the target.
  purify.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A" && node.getAttribute("target") === "_blank") {
      node.setAttribute("rel", "noopener noreferrer");
    }
  });
  // DOMPurify allows data: URIs on images; keep only the raster types of docs/product.md §5, nowhere else.
  purify.addHook("uponSanitizeAttribute", (node, data) => {
    if (!/^\s*data:/i.test(data.attrValue)) return;
    if (!(node.tagName === "IMG" && data.attrName === "src" && SAFE_DATA_IMAGE.test(data.attrValue))) {
      data.keepAttr = false;
    }
  });
  // Inline styles keep only their safe declarations (docs/product.md §24): nothing that loads or runs.
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    if (data.attrName !== "style") return;
    const style = safeStyle(data.attrValue);
    if (style === "") data.keepAttr = false;
    else data.attrValue = style;
  });
  return purify;
}

/**
 * The CSS an article may keep in a `style` attribute: the alignment of a block, as older articles (the first
 * version's TinyMCE) and hand-written HTML carry it. The editor itself writes no styles.
 */
const SAFE_STYLES: Record<string, RegExp> = {
  "text-align": /^(?:start|end|left|right|center|justify)$/,
};

/**
 * Keeps the declarations of `style` whose property is on the list and whose whole value is one of its keywords,
 * lower-cased and written afresh; anything else goes: a function such as `url(` or `expression(`, an escape, a
 * comment, a quote or a second colon cannot match a keyword, so no encoding of them can slip through.
 */
export function safeStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(";")) {
    const match = /^\s*([a-z-]+)\s*:\s*([a-z]+)\s*$/i.exec(declaration);
    if (!match) continue;
    const property = match[1]!.toLowerCase();
    const value = match[2]!.toLowerCase();
    if (Object.hasOwn(SAFE_STYLES, property) && SAFE_STYLES[property]!.test(value))
      kept.push(`${property}: ${value}`);
  }
  return kept.join("; ");
}

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  ADD_ATTR: ["target"],
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
  // The legacy image attribute of tables and cells loads an image from anywhere; articles use <img>.
  FORBID_ATTR: ["background"],
};

/**
 * The sanitised tree of `html`: DOMPurify's <body>. A <frameset> before any content makes a document without a
 * body, whose whole text a page would lose: refused (422) under `path` when the owner is saving it, or nothing for
 * a row already stored (a page or the editor then shows it empty rather than failing).
 */
async function sanitizedBody(html: string, path: string | undefined): Promise<Element | null> {
  purifier ??= loadPurifier();
  const purify = await purifier;
  // With RETURN_DOM, DOMPurify hands back the <body> it sanitised; its innerHTML is what sanitize() returns.
  const body = purify.sanitize(html, { ...CONFIG, RETURN_DOM: true }) as Element | null;
  if (!body && path !== undefined) throw new ServiceError(422, "htmlFrameset", { path });
  return body;
}

/** Sanitised HTML; `path` names the field being saved, which refuses what a page cannot show (sanitizedBody). */
export async function sanitizeHtml(html: string, path?: string): Promise<string> {
  if (html.trim() === "") return "";
  return (await sanitizedBody(html, path))?.innerHTML ?? "";
}

/**
 * Article HTML as its page shows it: sanitised, then its code samples highlighted on the sanitised tree
 * (one parse, and the highlighter only ever sees what the sanitiser kept). Code samples scroll sideways, so
 * each one can take the focus for a keyboard to scroll it (WCAG 2.1.1). `path` as for sanitizeHtml.
 */
export async function renderArticleHtml(html: string, path?: string): Promise<string> {
  if (html.trim() === "") return "";
  const body = await sanitizedBody(html, path);
  if (!body) return "";
  highlightCodeBlocks(body);
  for (const pre of body.querySelectorAll("pre")) pre.setAttribute("tabindex", "0");
  return body.innerHTML;
}
