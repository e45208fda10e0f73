import { Languages, SunMoon } from "lucide-react";
import { useI18n } from "#app/lib/i18n.ts";

/** docs/product.md §2.10: theme and language live in the navbar, and there is nothing to save yet. */
export function SettingsPanel() {
  const { t } = useI18n();
  const rows = [
    { icon: SunMoon, label: t("admin.settings.theme"), value: t("admin.settings.themeValue") },
    { icon: Languages, label: t("admin.settings.language"), value: t("admin.settings.languageValue") },
  ];
  return (
    <section
      aria-labelledby="settings-title"
      className="rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <h2 id="settings-title" className="text-xl font-bold">
        {t("admin.settings.title")}
      </h2>
      <p className="mt-1 text-muted-foreground">{t("admin.settings.text")}</p>
      <dl className="mt-6 flex flex-col gap-4">
        {rows.map(({ icon: Icon, label, value }) => (
          <div key={label} className="grid grid-cols-[auto_1fr] gap-x-3">
            <dt className="contents font-semibold">
              <Icon aria-hidden="true" className="mt-0.5 size-5 text-primary" />
              <span className="font-semibold">{label}</span>
            </dt>
            <dd className="col-start-2 text-sm text-muted-foreground">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled
          aria-describedby="settings-save-hint"
          className="cursor-not-allowed rounded-md bg-primary px-5 py-2.5 font-semibold text-primary-foreground opacity-50"
        >
          {t("admin.settings.save")}
        </button>
        <span id="settings-save-hint" className="text-sm text-muted-foreground">
          {t("admin.settings.saveHint")}
        </span>
      </div>
    </section>
  );
}
