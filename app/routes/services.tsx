import { Check, Code, Layout, Megaphone, PenTool, Search, Server } from "lucide-react";
import { ServiceCard } from "#app/components/service-card.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { metaText, pageHead } from "#app/lib/meta.ts";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, {
    titleKey: "meta.services",
    descriptionKey: "meta.servicesDescription",
    breadcrumbs: [[metaText(args).text("nav.services"), "/services"]],
  });

const REASONS = [
  "services.whyPersonal",
  "services.whyQuality",
  "services.whyModern",
  "services.whySupport",
] as const;

const SERVICES = [
  { icon: Code, key: "webApp" },
  { icon: PenTool, key: "uiux" },
  { icon: Layout, key: "frontend" },
  { icon: Server, key: "backend" },
  { icon: Search, key: "seo" },
  { icon: Megaphone, key: "marketing" },
] as const;

export default function Services() {
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-14 px-4 py-16 sm:px-6">
      <PageHeader title={t("services.title")} subtitle={t("services.subtitle")} />
      <div className="mx-auto flex max-w-3xl flex-col gap-5 rounded-2xl bg-accent p-8">
        <h2 className="text-2xl font-bold">{t("services.whyTitle")}</h2>
        <p className="text-lg text-muted-foreground">{t("services.whyText")}</p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {REASONS.map((reason) => (
            <li key={reason} className="flex items-start gap-3">
              <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <span>{t(reason)}</span>
            </li>
          ))}
        </ul>
      </div>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {SERVICES.map(({ icon, key }, index) => (
          <ServiceCard
            key={key}
            icon={icon}
            title={t(`services.${key}Title`)}
            text={t(`services.${key}Text`)}
            index={index}
            headingLevel="h2"
          />
        ))}
      </ul>
    </section>
  );
}
