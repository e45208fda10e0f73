import { useLayoutEffect, useRef } from "react";

// Where focus goes when a dialog closes. Radix returns it to a Dialog.Trigger, but our dialogs open from buttons
// in lists (edit, delete) with no trigger, so without this focus fell to <body> and a keyboard user lost their
// place. The element focused when the dialog opened gets focus back; when it is gone (the item was deleted),
// `fallback` says where to go instead.

export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves focus into the dialog (in a passive effect).
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);

  /** For the dialog content's onCloseAutoFocus. */
  return (event: Event) => {
    event.preventDefault();
    const target = opener.current;
    opener.current = null;
    // After the list has re-rendered (a save or delete reloads it).
    requestAnimationFrame(() => {
      const next = target?.isConnected && !target.hasAttribute("disabled") ? target : fallback?.();
      next?.focus();
      if (next && next === target && fallback) followIfRemoved(target, fallback);
    });
  };
}

/** How long a returned focus is watched for its element's removal. */
const WATCH_MS = 10_000;

/**
 * The opener may still be there when the dialog closes and go a moment later, when the list has reloaded from a
 * slow server (the deleted item's button): focus then goes to `fallback` instead of falling to <body>. Focus the
 * person has moved elsewhere meanwhile is left alone.
 */
function followIfRemoved(target: HTMLElement, fallback: () => HTMLElement | null) {
  const observer = new MutationObserver(() => {
    if (target.isConnected) return;
    stop();
    if (document.activeElement === null || document.activeElement === document.body) fallback()?.focus();
  });
  const timer = setTimeout(() => stop(), WATCH_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}
