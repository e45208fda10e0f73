import { Mail } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { siteConfig } from "#config/site.ts";
import { GithubIcon, InstagramIcon, LinkedinIcon, XIcon } from "./brand-icons.tsx";
import { IconLink } from "./icon-link.tsx";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** The owner's links (docs/product.md §2): where each leads, its name, its icon. */
const SOCIAL = {
  email: { href: () => `mailto:${siteConfig.email}`, label: "footer.email", icon: Mail },
  github: { href: () => siteConfig.links.github, label: "footer.github", icon: GithubIcon },
  linkedin: { href: () => siteConfig.links.linkedin, label: "footer.linkedin", icon: LinkedinIcon },
  twitter: { href: () => siteConfig.links.twitter, label: "footer.twitter", icon: XIcon },
  instagram: { href: () => siteConfig.links.instagram, label: "footer.instagram", icon: InstagramIcon },
} satisfies Record<string, { href: () => string; label: TranslationKey; icon: Icon }>;

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
  return (
    <ul aria-label={label} className={className}>
      {links.map((name) => {
        const link = SOCIAL[name];
        return (
          <li key={name}>
            <IconLink href={link.href()} label={t(link.label)} icon={link.icon} className={linkClassName} />
          </li>
        );
      })}
    </ul>
  );
}
