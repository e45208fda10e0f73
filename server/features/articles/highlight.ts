import { toHtml } from "hast-util-to-html";
import { codeLanguageFromClass, createCodeLowlight } from "#core/code-languages.ts";

let lowlight: ReturnType<typeof createCodeLowlight> | undefined;

/**
 * Colours the code samples under `root` in place: `<pre><code class="language-x">` as the editor writes them
 * and `<pre class="language-x"><code>` as the first version's TinyMCE did (docs/product.md §10.3), for the ten languages of docs/product.md §10. The
 * code's text is replaced by lowlight's token spans (`hljs-*` classes) around the same text, escaped once;
 * a sample in another language, or with markup inside its code, is left as it is.
 * Run it on sanitised HTML: it reads only text, so it cannot bring back anything the sanitiser removed.
 */
export function highlightCodeBlocks(root: ParentNode): void {
  for (const code of root.querySelectorAll("pre > code")) {
    const language =
      codeLanguageFromClass(code.getAttribute("class")) ??
      codeLanguageFromClass(code.parentElement?.getAttribute("class"));
    if (!language || code.children.length > 0) continue;
    lowlight ??= createCodeLowlight();
    code.innerHTML = toHtml(lowlight.highlight(language, code.textContent));
  }
}
