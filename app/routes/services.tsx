import { Check, Code, Layout, Megaphone, PenTool, Search, Server } from "lucide-react";
import { ServiceCard } from "#app/components/service-card.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { metaText, pageHead } from "#app/lib/meta.ts";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, {
    titleKey: "meta.services",
    descriptionKey: "meta.servicesDescription",
    breadcrumbs: [[metaText(args).text("nav.services"), "/services"]],
  });

/** The icon of each of the six places; the texts are the owner's (docs/product.md §17). */
const ICONS = [Code, PenTool, Layout, Server, Search, Megaphone] as const;

export default function Services() {
  const { t } = useI18n();
  const site = useSite();
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-14 px-4 py-16 sm:px-6">
      <PageHeader title={t("services.title")} subtitle={t("services.subtitle")} />
      <div className="mx-auto flex max-w-3xl flex-col gap-5 rounded-2xl bg-accent p-8">
        <h2 className="text-2xl font-bold">{t("services.whyTitle")}</h2>
        <p className="text-lg text-muted-foreground">{site.whyText}</p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {site.whyBullets.map((reason, index) => (
            <li key={index} className="flex items-start gap-3">
              <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      </div>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {site.services.map(({ title, text }, index) => (
          <ServiceCard
            key={index}
            icon={ICONS[index % ICONS.length]!}
            title={title}
            text={text}
            index={index}
            headingLevel="h2"
            id={`service-${index + 1}`}
          />
        ))}
      </ul>
    </section>
  );
}
