import { NavLink } from "react-router";
import { SETTINGS_SECTIONS, type SettingsSection } from "#core/site-settings.ts";
import { useI18n } from "#app/lib/i18n.ts";

/** Every section of Settings (docs/product.md §17), each at its own address: …/settings/hero, …/settings/security. */
export const SETTINGS_PAGES = [
  ...(Object.keys(SETTINGS_SECTIONS) as SettingsSection[]),
  "security",
  "backup",
  "import",
] as const;

export function SettingsNav() {
  const { t } = useI18n();
  return (
    <nav aria-label={t("admin.settings.sectionsLabel")}>
      <ul className="flex flex-wrap gap-2">
        {SETTINGS_PAGES.map((page) => (
          <li key={page}>
            <NavLink
              to={page}
              preventScrollReset
              className="inline-flex rounded-full border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
            >
              {page === "import" ? t("moving.nav") : t(`admin.settings.sections.${page}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
