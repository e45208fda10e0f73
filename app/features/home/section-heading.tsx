import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export function SectionHeading({ title, subtitle, id }: { title: string; subtitle?: string; id?: string }) {
  return (
    <div className="mb-10 flex flex-col items-center gap-3 text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      {subtitle ? <p className="max-w-2xl text-lg text-muted-foreground">{subtitle}</p> : null}
    </div>
  );
}

/** The 'view all' link under a home section. */
export function SectionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="mt-10 flex justify-center">
      <Link
        to={to}
        prefetch="intent"
        className="inline-flex items-center gap-2 font-semibold text-primary hover:underline"
      >
        {children}
        <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </Link>
    </div>
  );
}
