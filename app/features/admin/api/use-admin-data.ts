import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { messageOf } from "#app/features/admin/forms/save-with-image.ts";

/**
 * One owner resource read from the API (a list, or the inbox), reloaded after every change (docs/product.md §4). A failed
 * load shows its error toast and leaves `empty` (or what was there); null while the first load runs.
 */
export function useAdminData<T>(load: () => Promise<T>, errorTitleKey: TranslationKey, empty: T) {
  const { t } = useI18n();
  const [data, setData] = useState<T | null>(null);
  // The toast's language is read when it shows: switching languages must not load the data again.
  const translate = useRef(t);
  // Each panel loads one resource; the function may be a new one at every render.
  const loader = useRef(load);
  useEffect(() => {
    translate.current = t;
    loader.current = load;
  });
  const fallback = useRef(empty);

  const reload = useCallback(
    () =>
      loader.current().then(setData, (error: unknown) => {
        toast({
          title: translate.current(errorTitleKey),
          description: messageOf(error),
          variant: "destructive",
        });
        setData((current) => current ?? fallback.current);
      }),
    [errorTitleKey],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  // setData: for an answer that already carries the data (a reorder answers the new list).
  return { data, reload, setData };
}
