// The code-sample languages of docs/product.md §10, in its order, and the one highlighter for them: the editor colours
// code blocks with it while the owner types, the server colours published articles with the same grammars.
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import csharp from "highlight.js/lib/languages/csharp";
import css from "highlight.js/lib/languages/css";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import php from "highlight.js/lib/languages/php";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import xml from "highlight.js/lib/languages/xml";
import { createLowlight } from "lowlight";

/** highlight.js names and their labels; the labels are names of languages, the same in English and Arabic. */
export const CODE_LANGUAGES = [
  { id: "xml", label: "HTML/XML" },
  { id: "javascript", label: "JavaScript" },
  { id: "css", label: "CSS" },
  { id: "php", label: "PHP" },
  { id: "ruby", label: "Ruby" },
  { id: "python", label: "Python" },
  { id: "java", label: "Java" },
  { id: "c", label: "C" },
  { id: "csharp", label: "C#" },
  { id: "cpp", label: "C++" },
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number]["id"];

const IDS = new Set<string>(CODE_LANGUAGES.map((language) => language.id));

// Other names for the same languages: Prism's, which the first version's TinyMCE code samples wrote
// (`<pre class="language-markup">`), and the usual short ones.
const ALIASES = new Map<string, CodeLanguage>([
  ["markup", "xml"],
  ["html", "xml"],
  ["xhtml", "xml"],
  ["svg", "xml"],
  ["js", "javascript"],
  ["mjs", "javascript"],
  ["cjs", "javascript"],
  ["py", "python"],
  ["rb", "ruby"],
  ["cs", "csharp"],
  ["c#", "csharp"],
  ["dotnet", "csharp"],
  ["c++", "cpp"],
  ["cc", "cpp"],
  ["cxx", "cpp"],
]);

/** One of the ten languages for a name or alias of it (any case); null for anything else. */
export function toCodeLanguage(name: string | null | undefined): CodeLanguage | null {
  const key = name?.trim().toLowerCase() ?? "";
  if (IDS.has(key)) return key as CodeLanguage;
  return ALIASES.get(key) ?? null;
}

/** The language a `class` attribute names with `language-…`, if it is one of the ten. */
export function codeLanguageFromClass(className: string | null | undefined): CodeLanguage | null {
  for (const token of className?.split(/\s+/) ?? []) {
    if (!token.toLowerCase().startsWith("language-")) continue;
    const language = toCodeLanguage(token.slice("language-".length));
    if (language) return language;
  }
  return null;
}

/** A lowlight instance that knows exactly the ten languages, under their highlight.js names. */
export function createCodeLowlight() {
  return createLowlight({ xml, javascript, css, php, ruby, python, java, c, csharp, cpp });
}
