import { useEffect } from "react";

/** Smooth scrolling of 1.2 s (spec §9), loaded after the page is interactive and skipped for reduced motion. */
export function SmoothScroll() {
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let stopped = false;
    let destroy: (() => void) | undefined;
    void import("lenis").then(({ default: Lenis }) => {
      if (stopped) return;
      const lenis = new Lenis({ duration: 1.2, autoRaf: true, anchors: true });
      destroy = () => lenis.destroy();
    });
    return () => {
      stopped = true;
      destroy?.();
    };
  }, []);
  return null;
}
