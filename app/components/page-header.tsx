import type { ReactNode } from "react";

/** The title and subtitle at the top of a page (Projects, Articles, Services, Contact). */
export function PageHeader({
  title,
  subtitle,
  className = "",
}: {
  title: string;
  subtitle: ReactNode;
  className?: string;
}) {
  return (
    <header className={`flex flex-col items-center gap-3 text-center ${className}`}>
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="text-lg text-muted-foreground">{subtitle}</p>
    </header>
  );
}
