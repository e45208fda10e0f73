import { Mail } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { useI18n } from "#app/lib/i18n.ts";
import { siteConfig } from "#config/site.ts";
import { GithubIcon, InstagramIcon, LinkedinIcon, XIcon } from "./brand-icons.tsx";
import { IconLink } from "./icon-link.tsx";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

export function Footer() {
  const { t, language } = useI18n();
  const links: { href: string; label: string; icon: Icon }[] = [
    { href: `mailto:${siteConfig.email}`, label: t("footer.email"), icon: Mail },
    { href: siteConfig.links.github, label: t("footer.github"), icon: GithubIcon },
    { href: siteConfig.links.linkedin, label: t("footer.linkedin"), icon: LinkedinIcon },
    { href: siteConfig.links.twitter, label: t("footer.twitter"), icon: XIcon },
    { href: siteConfig.links.instagram, label: t("footer.instagram"), icon: InstagramIcon },
  ];
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-10 text-center sm:px-6">
        <ul aria-label={t("footer.social")} className="flex items-center gap-2">
          {links.map(({ href, label, icon }) => (
            <li key={href}>
              <IconLink
                href={href}
                label={label}
                icon={icon}
                className="size-10 rounded-full transition-colors hover:bg-muted"
              />
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">{siteConfig.footerText[language]}</p>
        <p className="text-sm text-muted-foreground">
          © {new Date().getFullYear()} {siteConfig.name[language]}. {t("footer.rights")}
        </p>
      </div>
    </footer>
  );
}
