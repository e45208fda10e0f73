import { useI18n } from "#app/lib/i18n.ts";

/** `className` replaces the default room around the spinner (`py-16`). */
export function Spinner({ className = "py-16" }: { className?: string }) {
  const { t } = useI18n();
  return (
    <div role="status" className={`flex items-center justify-center ${className}`}>
      <span
        aria-hidden="true"
        className="size-10 rounded-full border-4 border-primary/25 border-t-primary motion-safe:animate-[spin_0.8s_linear_infinite]"
      />
      <span className="sr-only">{t("common.loading")}</span>
    </div>
  );
}
