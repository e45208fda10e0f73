import { formatDigits } from "#core/intl.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { SocialLinks } from "./social-links.tsx";

export function Footer() {
  const { t, locale } = useI18n();
  const site = useSite();
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-10 text-center sm:px-6">
        <SocialLinks
          links={["email", "github", "linkedin", "twitter", "instagram"]}
          label={t("footer.social")}
          className="flex items-center gap-2"
          linkClassName="size-10 rounded-full transition-colors hover:bg-muted"
        />
        <p className="text-muted-foreground">{site.footerText}</p>
        {site.countVisits ? <p className="text-sm text-muted-foreground">{t("footer.visits")}</p> : null}
        <p className="text-sm text-muted-foreground">
          © {formatDigits(new Date().getFullYear(), locale)} {site.name}. {t("footer.rights")}
        </p>
      </div>
    </footer>
  );
}
