import { useEffect, useState } from "react";

/**
 * False on the server and while the page hydrates, true from the first effect on. Not `useSyncExternalStore` with a
 * server snapshot: the browser's React in the build is preact/compat (docs/decisions/031-preact-in-the-browser.md),
 * which hydrates with the client snapshot, so the first render would not match the server's.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // The one render after hydration is the point: nothing else depends on it.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
