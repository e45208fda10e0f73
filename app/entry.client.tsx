// The browser's entry: React Router's default. React hydrates the server's document inside a transition, in short
// slices that yield to the browser between them, and keeps the server's markup of a Suspense boundary whose code is
// still loading (a lazy home section) until it arrives (decision 037).
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
