// The browser's entry: React Router's default, once the page's texts have loaded (a module of their own, cached
// across pages: app/i18n/public-dictionary.ts). React hydrates the server's document inside a transition, in short
// slices that yield to the browser between them, and keeps the server's markup of a Suspense boundary whose code is
// still loading (a lazy home section) until it arrives (decision 037).
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadPublicDictionary } from "#app/i18n/public-dictionary.ts";
import { parseLanguage } from "#core/preferences.ts";

void loadPublicDictionary(parseLanguage(document.documentElement.lang)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
