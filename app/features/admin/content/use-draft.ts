import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

// Autosave of an open project or article form (docs/product.md §4.9: every 30 s and when the form is left, kept
// for 2 minutes), in localStorage. Opening the form again within that time offers the draft back; a successful
// save, "discard" or closing an edit dialog forgets it. The chosen files are not kept (a browser cannot store them).

export const DRAFT_INTERVAL_MS = 30_000;
export const DRAFT_RETENTION_MS = 2 * 60_000;
const PREFIX = "sira:draft:";

interface StoredDraft<Values> {
  savedAt: number;
  values: Values;
}

function readDraft<Values>(key: string): StoredDraft<Values> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as StoredDraft<Values>;
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

/** The form's values as a draft keeps them: without the chosen files (the image, the share images). */
function keptValues<Values extends FieldValues>(values: Values): Omit<Values, "file"> {
  const kept: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(kept))
    if (name === "file" || value instanceof File) delete kept[name];
  return kept as Omit<Values, "file">;
}

export function useDraft<Values extends FieldValues>(key: string, form: UseFormReturn<Values>) {
  // Forms are keyed by what they edit, so the key is fixed for a hook's life: read the offer once.
  const [offer, setOffer] = useState(() => readDraft<Omit<Values, "file">>(key));
  const discarded = useRef(false);

  useEffect(() => {
    const initial = JSON.stringify(keptValues(form.formState.defaultValues as Values));
    let lastSaved = initial;
    const save = () => {
      if (discarded.current) return;
      const values = keptValues(form.getValues());
      const serialised = JSON.stringify(values);
      if (serialised === lastSaved) return;
      try {
        localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: Date.now(), values }));
        lastSaved = serialised;
      } catch {
        // Full or disabled storage: autosave is a convenience, the form itself is untouched.
      }
    };
    const timer = setInterval(save, DRAFT_INTERVAL_MS);
    // Leaving the page (reload, closed tab) or the form (another view, Back) saves what is there.
    window.addEventListener("pagehide", save);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", save);
      save();
    };
  }, [key, form]);

  /** Forgets the draft for good: after a successful save, or closing an edit dialog. */
  const discard = useCallback(() => {
    discarded.current = true;
    forget(key);
    setOffer(null);
  }, [key]);

  /** Puts the draft's values back into the form. */
  const restore = useCallback(() => {
    if (!offer) return;
    form.reset({ ...form.formState.defaultValues, ...offer.values } as Values, { keepDefaultValues: true });
    setOffer(null);
  }, [form, offer]);

  /** "Discard draft": the offer goes, the form carries on (and may be kept as a draft again). */
  const dismiss = useCallback(() => {
    forget(key);
    setOffer(null);
  }, [key]);

  return { offer, restore, dismiss, discard };
}
