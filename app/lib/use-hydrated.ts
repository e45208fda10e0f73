import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** False on the server and while the page hydrates, true when React renders in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
