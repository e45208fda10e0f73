import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from "react";
import { hasToasted, subscribeToasts } from "./toast-store.ts";

export { toast } from "./toast-store.ts";

const Toaster = lazy(() => import("./toaster.tsx"));

/**
 * The toast area of every page; the toaster's code arrives with the first toast, or with F8 (docs/product.md §9),
 * which then focuses the notifications region at once.
 */
export function ToastArea() {
  const toasted = useSyncExternalStore(subscribeToasts, hasToasted, () => false);
  const [called, setCalled] = useState(false);
  useEffect(() => {
    if (toasted || called) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === "F8") setCalled(true);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toasted, called]);
  return toasted || called ? (
    <Suspense fallback={null}>
      <Toaster focusOnMount={called && !toasted} />
    </Suspense>
  ) : null;
}
