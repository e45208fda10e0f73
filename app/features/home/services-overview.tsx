import { Code, Megaphone, PenTool } from "lucide-react";
import { ServiceCard } from "#app/components/service-card.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { SectionHeading, SectionLink } from "./section-heading.tsx";

const SERVICES = [
  { icon: Code, title: "home.webTitle", text: "home.webText" },
  { icon: PenTool, title: "home.uiuxTitle", text: "home.uiuxText" },
  { icon: Megaphone, title: "home.marketingTitle", text: "home.marketingText" },
] as const;

export default function ServicesOverview() {
  const { t, localPath } = useI18n();
  return (
    <section aria-labelledby="services-title" className="py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="services-title"
          title={t("home.servicesTitle")}
          subtitle={t("home.servicesSubtitle")}
        />
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
          {SERVICES.map(({ icon, title, text }, index) => (
            <ServiceCard
              key={title}
              icon={icon}
              title={t(title)}
              text={t(text)}
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
