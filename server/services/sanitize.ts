import type { DOMPurify as DOMPurifyInstance } from "dompurify";

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
  // DOMPurify allows data: URIs on images; keep only the raster types of spec §5, nowhere else.
  purify.addHook("uponSanitizeAttribute", (node, data) => {
    if (!/^\s*data:/i.test(data.attrValue)) return;
    if (!(node.tagName === "IMG" && data.attrName === "src" && SAFE_DATA_IMAGE.test(data.attrValue))) {
      data.keepAttr = false;
    }
  });
  return purify;
}

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

export async function sanitizeHtml(html: string): Promise<string> {
  if (html.trim() === "") return "";
  purifier ??= loadPurifier();
  const purify = await purifier;
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ["target"],
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
  });
}
