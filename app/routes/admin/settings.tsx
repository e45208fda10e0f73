import { Outlet } from "react-router";
import { useI18n } from "#app/lib/i18n.ts";
import { SettingsNav } from "#app/features/admin/settings/settings-nav.tsx";

// …/settings/{section}: the owner's settings (docs/product.md §17), a section at a time.

export default function SettingsRoute() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h2 className="text-xl font-bold">{t("admin.settings.title")}</h2>
        <p className="text-muted-foreground">{t("admin.settings.text")}</p>
        <p className="text-sm text-muted-foreground">{t("admin.settings.preferences")}</p>
      </header>
      <SettingsNav />
      <Outlet />
    </div>
  );
}
