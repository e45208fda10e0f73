import { useEffect } from "react";
import { toast } from "#app/components/ui/toast.tsx";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { useI18n } from "./i18n.ts";

/** Shows the destructive error toast of docs/product.md §8.1 once, when a page's data reports an error. */
export function useErrorToast(titleKey: TranslationKey, descriptionKey: TranslationKey | null | undefined) {
  const { t } = useI18n();
  useEffect(() => {
    if (!descriptionKey) return;
    toast({ title: t(titleKey), description: t(descriptionKey), variant: "destructive" });
  }, [titleKey, descriptionKey, t]);
}
