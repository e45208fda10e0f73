import { Mail, MapPin, Phone } from "lucide-react";
import { submitContactPage } from "#app/features/contact/contact-action.server.ts";
import { ContactForm, ContactSent } from "#app/features/contact/contact-form.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { metaText, pageHead } from "#app/lib/meta.ts";
import { getServices } from "#app/lib/services.server.ts";
import { requestLanguage } from "#app/lib/language.ts";
import { localizePath } from "#core/localized-paths.ts";
import { useSite } from "#app/lib/site.ts";
import type { Route } from "./+types/contact";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { contactForm, origin: siteOrigin } = services.site;
  const url = new URL(request.url);
  const language = requestLanguage(request);
  return {
    endpoint: contactForm.endpoint,
    // Without JavaScript the browser posts to this page's action, or straight to an external service.
    action: contactForm.external ? contactForm.endpoint : localizePath("/contact", language),
    formOrigin: `${siteOrigin ?? url.origin}${localizePath("/contact", language)}`,
    // The success state of a plain post (no personal data, so the page cache may keep it).
    sent: url.searchParams.get("sent") === "1",
    // When the form was rendered, signed: a post sooner than a person can type is a robot's (docs/product.md §25).
    // An external service would only show the owner this field, so it gets none.
    stamp: contactForm.external ? null : await services.contact.stamp(),
  };
}

/** The form carries its render time: every visitor gets a page of their own, never a stored one. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export function action({ request, context }: Route.ActionArgs) {
  return submitContactPage(request, context);
}

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, {
    titleKey: "meta.contact",
    descriptionKey: "meta.contactDescription",
    breadcrumbs: [[metaText(args).text("nav.contact"), "/contact"]],
  });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const site = useSite();
  const items = [
    { icon: Mail, label: t("contact.email"), value: site.email, href: `mailto:${site.email}` },
    { icon: MapPin, label: t("contact.location"), value: site.location },
    {
      icon: Phone,
      label: t("contact.phone"),
      value: site.phone,
      href: `tel:${site.phone.replace(/[^\d+]/g, "")}`,
    },
  ];
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-16 sm:px-6">
      <PageHeader title={t("contact.title")} subtitle={t("contact.subtitle")} />
      <div className="grid items-start gap-8 lg:grid-cols-[2fr_3fr]">
        <div className="rounded-2xl border border-border bg-card p-8 shadow-sm">
          <h2 className="mb-6 text-2xl font-bold">{t("contact.infoTitle")}</h2>
          <ul className="flex flex-col gap-5">
            {items.map(({ icon: Icon, label, value, href }) => (
              <li key={label} className="flex items-center gap-4">
                <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-accent text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="flex flex-col">
                  <span className="text-sm text-muted-foreground">{label}</span>
                  {href ? (
                    <a href={href} dir="ltr" className="font-medium hover:text-primary">
                      {value}
                    </a>
                  ) : (
                    <span className="font-medium">{value}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-8 shadow-sm">
          <h2 className="text-2xl font-bold">{t("contact.formTitle")}</h2>
          {loaderData.sent && !actionData ? <ContactSent /> : null}
          <ContactForm
            endpoint={loaderData.endpoint}
            action={loaderData.action}
            formOrigin={loaderData.formOrigin}
            stamp={loaderData.stamp}
            refused={actionData}
          />
        </div>
      </div>
    </section>
  );
}
