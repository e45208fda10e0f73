import { useCallback, useEffect, useState } from "react";
import { toast } from "../../components/ui/toast.tsx";
import { useI18n } from "../../lib/i18n.ts";
import { adminRequest } from "./admin-api.ts";
import { messageOf } from "./save-with-image.ts";

/** One owner list (all columns, newest first), reloaded after every change (spec §4). */
export function useAdminList<T>(path: string, errorTitleKey: string) {
  const { t } = useI18n();
  const [items, setItems] = useState<T[] | null>(null);

  const reload = useCallback(
    () =>
      adminRequest<T[]>("GET", path).then(setItems, (error: unknown) => {
        toast({ title: t(errorTitleKey), description: messageOf(error), variant: "destructive" });
        setItems((current) => current ?? []);
      }),
    [path, errorTitleKey, t],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  return { items, reload };
}
