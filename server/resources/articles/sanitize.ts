import type { Config, DOMPurify as DOMPurifyInstance } from "dompurify";
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
  return purify;
}

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  ADD_ATTR: ["target"],
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
};

export async function sanitizeHtml(html: string): Promise<string> {
  if (html.trim() === "") return "";
  purifier ??= loadPurifier();
  const purify = await purifier;
  return purify.sanitize(html, CONFIG);
}

/**
 * Article HTML as its page shows it: sanitised, then its code samples highlighted on the sanitised tree
 * (one parse, and the highlighter only ever sees what the sanitiser kept). Code samples scroll sideways, so
 * each one can take the focus for a keyboard to scroll it (WCAG 2.1.1).
 */
export async function renderArticleHtml(html: string): Promise<string> {
  if (html.trim() === "") return "";
  purifier ??= loadPurifier();
  const purify = await purifier;
  // With RETURN_DOM, DOMPurify hands back the <body> it sanitised; its innerHTML is what sanitize() returns.
  const body = purify.sanitize(html, { ...CONFIG, RETURN_DOM: true }) as Element;
  highlightCodeBlocks(body);
  for (const pre of body.querySelectorAll("pre")) pre.setAttribute("tabindex", "0");
  return body.innerHTML;
}
