import { useI18n } from "#app/lib/i18n.ts";
import { siteConfig } from "#config/site.ts";
import { SocialLinks } from "./social-links.tsx";

export function Footer() {
  const { t, language } = useI18n();
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-10 text-center sm:px-6">
        <SocialLinks
          links={["email", "github", "linkedin", "twitter", "instagram"]}
          label={t("footer.social")}
          className="flex items-center gap-2"
          linkClassName="size-10 rounded-full transition-colors hover:bg-muted"
        />
        <p className="text-muted-foreground">{siteConfig.footerText[language]}</p>
        <p className="text-sm text-muted-foreground">
          © {new Date().getFullYear()} {siteConfig.name[language]}. {t("footer.rights")}
        </p>
      </div>
    </footer>
  );
}
