import { Mail } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { useI18n } from "#app/lib/i18n.ts";
import type { PublicSite } from "#core/site-view.ts";
import { useSite } from "#app/lib/site.ts";
import { GithubIcon, InstagramIcon, LinkedinIcon, XIcon } from "./brand-icons.tsx";
import { IconLink } from "./icon-link.tsx";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** The owner's links (docs/product.md §2): where each leads, its name, its icon. */
const SOCIAL = {
  email: { href: (site) => `mailto:${site.email}`, label: "footer.email", icon: Mail },
  github: { href: (site) => site.links.github, label: "footer.github", icon: GithubIcon },
  linkedin: { href: (site) => site.links.linkedin, label: "footer.linkedin", icon: LinkedinIcon },
  twitter: { href: (site) => site.links.twitter, label: "footer.twitter", icon: XIcon },
  instagram: { href: (site) => site.links.instagram, label: "footer.instagram", icon: InstagramIcon },
} satisfies Record<
  string,
  { href: (site: PublicSite) => string | undefined; label: TranslationKey; icon: Icon }
>;

export type SocialLink = keyof typeof SOCIAL;

/**
 * A row of icon-only links to the owner's e-mail and profiles (IconLink: a new tab, named for assistive
 * technology); the hero shows two of them, the footer all five.
 */
export function SocialLinks({
  links,
  label,
  className,
  linkClassName,
}: {
  links: readonly SocialLink[];
  /** Names the list (the footer's); the hero's needs none. */
  label?: string;
  className: string;
  linkClassName: string;
}) {
  const { t } = useI18n();
  const site = useSite();
  // A link the owner left empty in the settings is not shown.
  const shown = links.flatMap((name) => {
    const href = SOCIAL[name].href(site);
    return href ? [{ name, url: href, label: SOCIAL[name].label, icon: SOCIAL[name].icon }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul aria-label={label} className={className}>
      {shown.map((link) => (
        <li key={link.name}>
          <IconLink href={link.url} label={t(link.label)} icon={link.icon} className={linkClassName} />
        </li>
      ))}
    </ul>
  );
}
