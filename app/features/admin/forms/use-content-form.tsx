import { useCallback, useState } from "react";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import type { FieldIssue } from "#app/features/admin/api/client.ts";
import { DraftBanner } from "./draft-banner.tsx";
import { useDraft } from "./use-draft.ts";

/**
 * What the project and article forms share (docs/product.md §4 "Admin forms"): the typed values and their autosaved draft,
 * the chosen file, the upload's progress, and 'Processing...' while a save runs. After a successful save the
 * draft is forgotten, and an add form is reset with its file cleared.
 */
export function useContentForm<V extends object>(options: {
  empty: V;
  initial: V;
  draftKey: string;
  adding: boolean;
}) {
  const { t } = useI18n();
  const { empty, initial, draftKey, adding } = options;
  const [values, setValues] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's message for each field it refused, by the field's name (the first part of the issue's path).
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const isBlank = useCallback((draft: V) => JSON.stringify(draft) === JSON.stringify(initial), [initial]);
  const draft = useDraft(draftKey, values, isBlank);

  /** Sets one field; its error goes, since the owner is correcting it. */
  const setField = useCallback((field: keyof V & string, value: V[keyof V]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  /** Shows each refused field's message under it; the first one wins when a field has several. */
  const showIssues = useCallback((issues: readonly FieldIssue[]) => {
    const next: Record<string, string> = {};
    for (const issue of issues) next[issue.path.split(".")[0]!] ??= issue.message;
    setErrors(next);
  }, []);

  /** Runs one save; `run` reports whether it stored the row (its errors are already shown). */
  async function save(run: () => Promise<boolean>, successKey: TranslationKey, onSaved: () => void) {
    if (busy) return;
    setErrors({});
    setBusy(true);
    const saved = await run();
    setBusy(false);
    if (!saved) return;
    draft.clear();
    toast({ title: t(successKey) });
    if (adding) {
      setValues(empty);
      setFile(null);
    }
    onSaved();
  }

  const offer = draft.offer;
  const draftBanner = offer ? (
    <DraftBanner
      savedAt={offer.savedAt}
      onRestore={() => {
        setValues({ ...empty, ...offer.values });
        draft.dismissOffer();
        toast({ title: t("admin.drafts.restored") });
      }}
      onDiscard={draft.clear}
    />
  ) : null;

  return {
    values,
    setValues,
    setField,
    errors,
    showIssues,
    file,
    setFile,
    progress,
    setProgress,
    busy,
    save,
    draftBanner,
  };
}
