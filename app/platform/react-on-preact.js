// The browser's `react` in the build: preact/compat (docs/decisions/031-preact-in-the-browser.md). The server
// renders with React itself; vite.config.ts points the client build's `react` here. preact/compat covers the API
// the site and its libraries use, except `useOptimistic`, which React Router calls for its opt-in
// `useTransitions` mode only (not used here): the state is returned as is, and optimistic updates are ignored.
// Plain JavaScript: preact/compat's types are declared with `export =`, which TypeScript cannot re-export with `*`.
import compat from "preact/compat";

export * from "preact/compat";

export function useOptimistic(state) {
  return [state, () => undefined];
}

export default { ...compat, useOptimistic };
