import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { CV_WORDS, type CvView } from "#core/cv-view.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import { CV_TEMPLATE } from "./typst-template.ts";

// The CV as a PDF (docs/product.md §32), made on the server without a browser by the Typst compiler packaged for
// Node (a prebuilt native module): the site's own Cairo fonts embedded (TTF, from @expo-google-fonts/cairo),
// Arabic shaped and laid out right to left, links clickable, text searchable. Made when first asked for and kept
// under a hash of everything it shows, so an unchanged CV is never made twice and a flood of requests waits for
// the one rendering in progress.

export type Paper = "a4" | "us-letter";

export interface CvPdfInput {
  view: CvView;
  paper: Paper;
  /** The portrait as PNG or JPEG bytes, when there is one. */
  portrait: Buffer | null;
}

type Compiler = import("@myriaddreamin/typst-ts-node-compiler").NodeCompiler;

let compiler: Promise<Compiler> | undefined;

// The compiler's root folder: no real folder, so it reads no file of the server's, only the portrait given to it.
const WORKSPACE = "/sira-cv";

/** One compiler per process, made on the first PDF: loading the native module and the fonts takes a moment. */
function typst(): Promise<Compiler> {
  compiler ??= import("@myriaddreamin/typst-ts-node-compiler").then(({ NodeCompiler }) => {
    const font = (weight: string) =>
      readFileSync(
        path.join(
          findProjectRoot(),
          "node_modules",
          "@expo-google-fonts",
          "cairo",
          weight,
          `Cairo_${weight}.ttf`,
        ),
      );
    return NodeCompiler.create({
      workspace: WORKSPACE,
      fontArgs: [{ fontBlobs: [font("400Regular"), font("700Bold")] }],
    });
  });
  return compiler;
}

// Explicit direction marks are dropped: each text is placed in its own language's direction, and an unclosed
// override would otherwise turn the rest of its line around.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

// Typst breaks lines between words only: a word longer than a column (a pasted hash, "xxxx…") would run over the
// page, so a break opportunity (a zero-width space) is offered every 30 characters of such a word.
const LONG_WORD = /[^\s/]{40,}/g;
const breakable = (word: string) => word.replace(/(.{30})/gu, "$1\u200b");

/** Every string of `value` as the PDF places it; addresses (links, the portrait's file) are left as they are. */
function placedTexts<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (key, item: unknown) =>
    typeof item !== "string"
      ? item
      : ["url", "path", "website", "email", "phone"].includes(key)
        ? item
        : item.replace(BIDI_CONTROLS, "").replace(LONG_WORD, breakable),
  ) as T;
}

/** Where the template finds the portrait: a file of the compiler's own, named by its bytes. */
const portraitPath = (bytes: Buffer) =>
  `/portrait-${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.jpg`;

/** What the template reads, as JSON. */
function templateData(input: CvPdfInput): string {
  const { view } = input;
  const words = CV_WORDS[view.language];
  return JSON.stringify(
    placedTexts({
      ...view,
      title: `${view.name}: ${words.title}`,
      paper: input.paper,
      words,
      websiteText: view.website.replace(/^https?:\/\//, "").replace(/\/$/, ""),
      portrait:
        view.portrait && input.portrait
          ? { path: portraitPath(input.portrait), alt: view.portrait.alt }
          : null,
    }),
  );
}

/** Makes the PDF; throws when Typst reports an error (a fault of ours, never of the owner's text). */
export async function renderCvPdf(input: CvPdfInput): Promise<Buffer> {
  const typstCompiler = await typst();
  const data = templateData(input);
  // compile() runs to its end before any other request's JavaScript: the file stays in place for it.
  if (input.portrait) typstCompiler.mapShadow(WORKSPACE + portraitPath(input.portrait), input.portrait);
  const result = typstCompiler.compile({ mainFileContent: CV_TEMPLATE, inputs: { data } });
  const document = result.result;
  const error = result.takeError();
  if (!document || error)
    throw new Error(`The CV's PDF could not be made: ${JSON.stringify(error?.shortDiagnostics)}`);
  // Tagged: one reading order for screen readers and applicant-tracking systems.
  const pdf = typstCompiler.pdf(document, { creationTimestamp: 0, pdfTags: true });
  // The compiler memoizes layouts across documents; an old CV's are of no more use.
  typstCompiler.evictCache(10);
  return pdf;
}

/** The key a PDF is kept under: everything it shows. */
export function cvPdfKey(input: CvPdfInput): string {
  return createHash("sha256").update(templateData(input)).update(CV_TEMPLATE).digest("hex");
}

/**
 * PDFs kept by the hash of what they show, a few at most (two languages × two papers, and the one before a change
 * while it is asked for), each made once: a request for one being made waits for it.
 */
export function createCvPdfCache(render: (input: CvPdfInput) => Promise<Buffer> = renderCvPdf, max = 8) {
  const kept = new Map<string, Promise<Buffer>>();
  let renders = 0;
  return {
    /** The PDF of `input`, made now or earlier; its key is the ETag. */
    async get(input: CvPdfInput): Promise<{ pdf: Buffer; key: string }> {
      const key = cvPdfKey(input);
      let pdf = kept.get(key);
      if (pdf) {
        // Most recently used last: the oldest goes first when the cache is full.
        kept.delete(key);
        kept.set(key, pdf);
      } else {
        renders += 1;
        pdf = render(input);
        kept.set(key, pdf);
        // A failed rendering is not kept: the next request tries again.
        pdf.catch(() => kept.delete(key));
        while (kept.size > max) kept.delete(kept.keys().next().value!);
      }
      return { pdf: await pdf, key };
    },
    /** How many PDFs were made (tests). */
    get renders() {
      return renders;
    },
  };
}

export type CvPdfCache = ReturnType<typeof createCvPdfCache>;
