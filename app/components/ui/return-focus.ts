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
    });
  };
}
