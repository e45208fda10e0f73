import { CodeBlockLowlight } from "@tiptap/extension-code-block-lowlight";
import { Image } from "@tiptap/extension-image";
import { StarterKit } from "@tiptap/starter-kit";
import { codeLanguageFromClass, createCodeLowlight } from "#core/code-languages.ts";
import { isAllowedLinkUrl } from "./link-url.ts";

const lowlight = createCodeLowlight();

// A code block without one of the ten languages stays plain, as the server leaves it on the published page:
// lowlight's guess (highlightAuto) would colour it here only.
const lowlightWithoutGuessing = { ...lowlight, highlightAuto: () => ({ type: "root", children: [] }) };

const CodeBlock = CodeBlockLowlight.extend({
  addAttributes() {
    return {
      language: {
        default: null,
        // The editor's `<pre><code class="language-x">`, and the first version's TinyMCE `<pre class="language-x"><code>`
        // (Prism names such as `markup` become highlight.js names); another language is kept as written.
        parseHTML: (element: HTMLElement) => {
          const code = element.querySelector(":scope > code");
          return (
            codeLanguageFromClass(code?.getAttribute("class")) ??
            codeLanguageFromClass(element.getAttribute("class")) ??
            /(?:^|\s)language-([\w#+-]+)/.exec(code?.getAttribute("class") ?? "")?.[1] ??
            null
          );
        },
        rendered: false,
      },
    };
  },
});

/** What the editor knows: what its toolbar offers, and headings of every level so older articles keep theirs. */
export const editorExtensions = [
  StarterKit.configure({
    codeBlock: false,
    link: {
      openOnClick: false,
      defaultProtocol: "https",
      // Plain links: the owner's article decides nothing about new tabs.
      HTMLAttributes: { target: null, rel: null },
      isAllowedUri: (url) => isAllowedLinkUrl(url),
    },
  }),
  CodeBlock.configure({ lowlight: lowlightWithoutGuessing, defaultLanguage: null }),
  Image.configure({ allowBase64: true }),
];
