import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { messageOf } from "#app/features/admin/forms/save-with-image.ts";

/**
 * One owner resource read from the API (a page of a list, or the inbox), reloaded after every change (docs/product.md §4)
 * and whenever `queryKey` changes (another page, filter or search: docs/product.md §21). A failed load shows its error
 * toast and leaves `empty` (or what was there); null while the first load runs. Only the answer to the latest load
 * is kept, so a slow answer for an earlier page never replaces a later one.
 */
export function useAdminData<T>(
  load: () => Promise<T>,
  errorTitleKey: TranslationKey,
  empty: T,
  queryKey = "",
) {
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
  const latest = useRef(0);

  const reload = useCallback(() => {
    const call = ++latest.current;
    return loader.current().then(
      (value) => {
        if (call === latest.current) setData(value);
      },
      (error: unknown) => {
        toast({
          title: translate.current(errorTitleKey),
          description: messageOf(error),
          variant: "destructive",
        });
        if (call === latest.current) setData((current) => current ?? fallback.current);
      },
    );
  }, [errorTitleKey]);

  useEffect(() => {
    // The effect below has already given `loader` this render's function: it reads the new query.
    void reload();
  }, [reload, queryKey]);

  // setData: for an answer that already carries the data (a move answers the page the project is on now).
  const replace = useCallback((value: T) => {
    latest.current++;
    setData(value);
  }, []);
  return { data, reload, setData: replace };
}
