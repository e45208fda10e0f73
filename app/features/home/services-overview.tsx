import { Code, Megaphone, PenTool } from "lucide-react";
import { ServiceCard } from "#app/components/service-card.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { SectionHeading, SectionLink } from "./section-heading.tsx";

/** The icon of each of the three places; the texts are the owner's (docs/product.md §17). */
const ICONS = [Code, PenTool, Megaphone] as const;

export default function ServicesOverview() {
  const { t, localPath } = useI18n();
  const { servicesOverview } = useSite();
  return (
    <section aria-labelledby="services-title" className="py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="services-title"
          title={t("home.servicesTitle")}
          subtitle={t("home.servicesSubtitle")}
        />
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
          {servicesOverview.map(({ title, text }, index) => (
            <ServiceCard
              key={index}
              icon={ICONS[index % ICONS.length]!}
              title={title}
              text={text}
              index={index}
              headingLevel="h3"
            />
          ))}
        </ul>
        <SectionLink to={localPath("/services")}>{t("home.allServices")}</SectionLink>
      </div>
    </section>
  );
}
