// The browser's entry: React Router's default, except that the page's data is decoded before hydrating. The
// router's first render otherwise suspends until then: React suspends a root by itself, but in the build the
// browser's React is preact/compat (vite.config.ts, docs/decisions/031-preact-in-the-browser.md), which would
// render a second document instead of hydrating the server's. HydratedRouter throws that decoding promise before
// it touches any hook, so calling it once here, outside a render, only starts the decoding. The page's lazily
// loaded sections (app/components/section-boundary.tsx) are waited for too, for the same reason.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { sectionsSettled } from "#app/components/section-boundary.tsx";

async function pageDataDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    else throw thrown;
  }
}

const page = (
  <StrictMode>
    <HydratedRouter />
  </StrictMode>
);

void Promise.all([pageDataDecoded(), sectionsSettled()]).then(() => {
  startTransition(() => {
    hydrateRoot(document, page);
  });
});
