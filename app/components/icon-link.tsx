import type { ComponentType, SVGProps } from "react";

/** An icon-only link to another site: opens in a new tab without handing it this window, named by `label`. */
export function IconLink({
  href,
  label,
  icon: Icon,
  className,
}: {
  href: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  className: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className={`grid place-items-center text-muted-foreground hover:text-primary ${className}`}
    >
      <Icon aria-hidden="true" className="size-5" />
    </a>
  );
}
