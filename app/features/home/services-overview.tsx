import { ArrowRight, Code, Megaphone, PenTool } from "lucide-react";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.ts";
import { SectionHeading } from "./section-heading.tsx";

const SERVICES = [
  { icon: Code, title: "home.webTitle", text: "home.webText" },
  { icon: PenTool, title: "home.uiuxTitle", text: "home.uiuxText" },
  { icon: Megaphone, title: "home.marketingTitle", text: "home.marketingText" },
] as const;

export default function ServicesOverview() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="services-title" className="py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="services-title"
          title={t("home.servicesTitle")}
          subtitle={t("home.servicesSubtitle")}
        />
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
          {SERVICES.map(({ icon: Icon, title, text }, index) => (
            <li
              key={title}
              className="stagger-item flex flex-col gap-3 rounded-xl border border-border bg-card p-6 shadow-sm"
              style={{ "--stagger-index": index } as CSSProperties}
            >
              <span className="grid size-12 place-items-center rounded-lg bg-accent text-primary">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="text-xl font-semibold">{t(title)}</h3>
              <p className="text-muted-foreground">{t(text)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex justify-center">
          <Link
            to="/services"
            prefetch="intent"
            className="inline-flex items-center gap-2 font-semibold text-primary hover:underline"
          >
            {t("home.allServices")}
            <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </Link>
        </div>
      </div>
    </section>
  );
}
