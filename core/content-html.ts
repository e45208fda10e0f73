// Article content to HTML (docs/product.md §2 "Article detail"): blank lines make paragraphs, single newlines make
// line breaks. Content that already is block HTML (from the rich-text editor) is kept as it is.
// The result is not safe by itself: the server sanitises it before it is sent.

const BLOCK_START =
  /^<\/?(p|div|h[1-6]|ul|ol|li|pre|blockquote|figure|img|table|hr|section|article|header|footer|aside|nav)[\s>/]/i;
// A code sample keeps its blank lines, so <pre> elements are passed through whole, never split.
const PRE_ELEMENT = /(<pre[\s>][\s\S]*?<\/pre>)/i;

export function contentToHtml(content: string): string {
  const normalised = content.replace(/\r\n?/g, "\n").trim();
  if (normalised === "") return "";
  return normalised
    .split(PRE_ELEMENT)
    .flatMap((part, index) => (index % 2 === 1 ? [part] : paragraphs(part)))
    .join("\n");
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter((block) => block !== "")
    .map((block) => (BLOCK_START.test(block) ? block : `<p>${block.replace(/\n/g, "<br>")}</p>`));
}
