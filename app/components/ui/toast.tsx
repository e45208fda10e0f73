import { Suspense, lazy, useSyncExternalStore } from "react";
import { hasToasted, subscribeToasts } from "./toast-store.ts";

export { toast } from "./toast-store.ts";

const Toaster = lazy(() => import("./toaster.tsx"));

/** The toast area of every page; the toaster's code arrives with the first toast. */
export function ToastArea() {
  const active = useSyncExternalStore(subscribeToasts, hasToasted, () => false);
  return active ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
