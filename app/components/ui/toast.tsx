import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from "react";
import { hasToasted, subscribeToasts } from "./toast-store.ts";

export { toast } from "./toast-store.ts";

const loadToaster = () => import("./toaster.tsx");
const Toaster = lazy(loadToaster);

/**
 * The toast area of every page. The toaster's code is fetched once the page is idle after its first paint, so a
 * toast still shows when the network has gone since (docs/product.md §4.7); it shows with the first toast, or with
 * F8 (docs/product.md §9), which then focuses the notifications region at once.
 */
export function ToastArea() {
  const toasted = useSyncExternalStore(subscribeToasts, hasToasted, () => false);
  const [called, setCalled] = useState(false);
  useEffect(() => {
    if (!("requestIdleCallback" in window)) {
      const timer = setTimeout(() => void loadToaster(), 2000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(() => void loadToaster());
    return () => cancelIdleCallback(idle);
  }, []);
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
