// The browser's entry: React Router's default, except that the page's data is decoded before hydrating. The
// router's first render otherwise suspends until then: React suspends a root by itself, but in the build the
// browser's React is preact/compat (vite.config.ts, docs/decisions/031-preact-in-the-browser.md), which would
// render a second document instead of hydrating the server's. HydratedRouter throws that decoding promise before
// it touches any hook, so calling it once here, outside a render, only starts the decoding. The page's lazily
// loaded sections (app/components/section-boundary.tsx) are waited for too, for the same reason.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { firstHydrationReturned, wholePageHydrated } from "#app/components/hydrate-in-turn.tsx";
import { sectionsSettled } from "#app/components/section-boundary.tsx";
import { LOCALES } from "#core/dates.ts";
import { dateTimeFormat, pluralRules } from "#core/intl.ts";

/** Calls React Router's HydratedRouter outside a render and gives back what it threw. */
function callHydratedRouter(): unknown {
  try {
    HydratedRouter({});
    return undefined;
  } catch (thrown) {
    return thrown;
  }
}

/** Starts decoding the page's data (HydratedRouter throws the decoding's promise) and waits for it. */
async function pageDataDecoded(): Promise<void> {
  const thrown = callHydratedRouter();
  if (thrown instanceof Promise) await thrown;
  else if (thrown instanceof Error) throw thrown;
}

/**
 * Builds the router in a task of its own (decision 032): once the data is decoded, HydratedRouter creates the router
 * (matching every route, about a third of the first hydration's work) and keeps it for its render, then calls its
 * first hook, which fails outside a render (what it throws is left). In the build only: in development the browser's
 * React reports any hook called outside a render.
 */
function buildRouter(): void {
  if (import.meta.env.PROD) callHydratedRouter();
}

const page = (
  <StrictMode>
    <HydratedRouter />
  </StrictMode>
);

/** The next task: what comes after it runs apart from what came before (a phone's long tasks, decision 032). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * The first Intl formatter of a locale loads the locale's data: several milliseconds on this machine for a date
 * format, four times that on a phone, in the middle of a hydration turn (an article card's date). Each is made here
 * in a task of its own and kept (`#core/intl.ts`): the cards then get the plural rules made, and date formats of the
 * same locale cost a fraction of a millisecond. Numbers need no Intl formatter (`formatNumber`).
 */
async function loadFormatters(): Promise<void> {
  const locale = LOCALES[document.documentElement.lang === "ar" ? "ar" : "en"];
  for (const make of [() => pluralRules(locale), () => dateTimeFormat(locale, { dateStyle: "medium" })]) {
    await nextTask();
    make();
  }
}

/**
 * The router's history marks the page's entry with its index on the first load (`history.replaceState`), a call
 * into the browser that took 1–25 ms here; made in a task of its own, with the state the router would write (the
 * router then finds the index and writes nothing).
 */
function markHistoryEntry(): void {
  const state: unknown = window.history.state;
  if (state !== null && typeof state === "object" && "idx" in state) return;
  window.history.replaceState({ ...(state as object | null), idx: 0 }, "");
}

void Promise.all([pageDataDecoded(), sectionsSettled()]).then(async () => {
  await loadFormatters();
  await nextTask();
  markHistoryEntry();
  await nextTask();
  buildRouter();
  await nextTask();
  startTransition(() => {
    hydrateRoot(document, page);
  });
  firstHydrationReturned();
  // The page answers everywhere once its parts held back by `HydrateInTurn` have hydrated too: the end-to-end tests
  // wait for this before they touch it (docs/decisions/032-scripts-after-the-first-paint.md).
  void wholePageHydrated().then(() => {
    (window as { siraHydrated?: boolean }).siraHydrated = true;
  });
});
