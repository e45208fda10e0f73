import { useCallback, useEffect, useRef, useState } from "react";

// Autosave of an open form (docs/product.md §9: every 30 s, kept for 2 minutes), in localStorage. Reopening the form
// within that time offers the draft back; a successful save, "discard" or closing an edit dialog forgets it.

export const DRAFT_INTERVAL_MS = 30_000;
export const DRAFT_RETENTION_MS = 2 * 60_000;
const PREFIX = "sira:draft:";

interface StoredDraft<T> {
  savedAt: number;
  values: T;
}

function readDraft<T>(key: string): StoredDraft<T> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as StoredDraft<T>;
    if (typeof draft.savedAt !== "number" || Date.now() - draft.savedAt > DRAFT_RETENTION_MS) {
      localStorage.removeItem(PREFIX + key);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

function forget(key: string) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Storage disabled: there is nothing to forget.
  }
}

export function useDraft<T>(key: string, values: T, isBlank: (values: T) => boolean) {
  // Forms are keyed by what they edit, so the key is fixed for a hook's life: read the offer once.
  const [offer, setOffer] = useState<StoredDraft<T> | null>(() => readDraft<T>(key));
  const latest = useRef(values);
  const lastSaved = useRef<string | null>(null);

  useEffect(() => {
    latest.current = values;
  });

  useEffect(() => {
    lastSaved.current = null;
    const save = () => {
      if (isBlank(latest.current)) return;
      const serialised = JSON.stringify(latest.current);
      if (serialised === lastSaved.current) return;
      try {
        localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: Date.now(), values: latest.current }));
        lastSaved.current = serialised;
      } catch {
        // Full or disabled storage: autosave is a convenience, the form itself is untouched.
      }
    };
    const timer = setInterval(save, DRAFT_INTERVAL_MS);
    // Leaving the page (reload, closed tab) saves what is there, so the next visit can offer it.
    window.addEventListener("pagehide", save);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", save);
    };
  }, [key, isBlank]);

  /** Forgets the stored draft: after a successful save, a discard, or closing the edit dialog. */
  const clear = useCallback(() => {
    forget(key);
    lastSaved.current = null;
    setOffer(null);
  }, [key]);

  const dismissOffer = useCallback(() => setOffer(null), []);

  return { offer, clear, dismissOffer };
}

/** Forgets a form's draft without the form: closing an edit dialog discards its drafts (docs/product.md §4). */
export function forgetDraft(key: string) {
  forget(key);
}
