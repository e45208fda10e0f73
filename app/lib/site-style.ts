import { createContext } from "react";

// The site's stylesheet is written into every page's head (decision 030): the first paint waits for no request.
// On the server its text comes from app/lib/site-style.server.ts through this context (app/entry.server.tsx);
// in the browser the root layout renders the text the server wrote, read back here once, so hydration matches
// and nothing is downloaded twice. The Content-Security-Policy allows the element by the text's hash.

/** The id of the `<style>` element that holds the stylesheet. */
export const SITE_STYLE_ID = "site-style";

/** The stylesheet's text: the server's, or in the browser what the server wrote into the page. */
export const SiteStyleContext = createContext<string>(
  typeof document === "undefined" ? "" : (document.getElementById(SITE_STYLE_ID)?.textContent ?? ""),
);
