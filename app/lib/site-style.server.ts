import { createHash } from "node:crypto";
import css from "../app.css?inline";

// The site's one stylesheet (app/app.css, Tailwind), as text in the server build: every page carries it in a
// `<style>` element (app/lib/site-style.ts, decision 030). It never changes for a build, so its CSP hash is
// computed once, here.

/** The stylesheet's text. */
export const siteStyle: string = inlineable(css);

/** The CSP source allowing the `<style>` element that holds it: `'sha256-…'` of its text. */
export const siteStyleSource = `'sha256-${createHash("sha256").update(siteStyle, "utf8").digest("base64")}'`;

/** The text, unless it holds `</style`, which would end its element early. */
function inlineable(text: string): string {
  if (/<\/style/i.test(text))
    throw new Error("app/app.css holds </style, which would end its inline element");
  return text;
}
