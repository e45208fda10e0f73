import { useEffect } from "react";

/**
 * Smooth scrolling of 1.2 s (docs/product.md §9) with Lenis. It only smooths wheel scrolling (touch scrolling is already
 * smooth), so it loads on the first wheel turn of a device with a fine pointer, and never under reduced motion.
 */
export function SmoothScroll() {
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    if (!window.matchMedia("(pointer: fine)").matches) return;
    let stopped = false;
    let destroy: (() => void) | undefined;
    const start = () => {
      void import("lenis").then(({ default: Lenis }) => {
        if (stopped) return;
        const lenis = new Lenis({ duration: 1.2, autoRaf: true, anchors: true });
        destroy = () => lenis.destroy();
      });
    };
    window.addEventListener("wheel", start, { once: true, passive: true });
    return () => {
      stopped = true;
      window.removeEventListener("wheel", start);
      destroy?.();
    };
  }, []);
  return null;
}
