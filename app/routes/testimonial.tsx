import { Form, useNavigation, type ShouldRevalidateFunction } from "react-router";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { loadCollection, submitCollection } from "#app/features/testimonials/collect.server.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { requestLanguage } from "#app/lib/language.ts";
import { pageHead } from "#app/lib/meta.ts";
import type { Route } from "./+types/testimonial";

// A client writes a testimonial through the one-time link the owner sent (docs/product.md §29.2): no account, in
// the language they choose. A used, expired or forged link says so; never cached, never indexed.

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  loadCollection(context, params.token, requestLanguage(request));

export const action = ({ request, context, params }: Route.ActionArgs) =>
  submitCollection(request, context, params.token, requestLanguage(request));

// After a client's words are stored the page thanks them; asking the link again would only hear it is used.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { sent?: boolean } | undefined)?.sent ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, { titleKey: "meta.testimonial", noindex: true });

const input =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30";

export default function Testimonial({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const busy = useNavigation().state === "submitting";
  const [writing, setWriting] = useState(
    actionData?.values.writing === "en" || actionData?.values.writing === "ar"
      ? actionData.values.writing
      : language,
  );
  const done = actionData?.sent;
  const closed =
    loaderData.message ??
    (actionData && !actionData.sent && !actionData.fields.name && !actionData.fields.quote
      ? actionData.error
      : null);
  const field = (name: "name" | "role" | "company", label: string, required = false) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`testimonial-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={`testimonial-${name}`}
        name={name}
        dir="auto"
        required={required}
        maxLength={120}
        defaultValue={actionData?.values[name]}
        aria-invalid={name === "name" && actionData?.fields.name ? true : undefined}
        aria-describedby={name === "name" && actionData?.fields.name ? "testimonial-name-error" : undefined}
        className={input}
      />
      {name === "name" && actionData?.fields.name ? (
        <p id="testimonial-name-error" className="text-sm font-medium text-destructive">
          {actionData.fields.name}
        </p>
      ) : null}
    </div>
  );
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-16 sm:px-6">
      <PageHeader title={t("testimonials.title")} subtitle={t("testimonials.intro")} />
      {done ? (
        <p
          role="status"
          className="flex items-center gap-3 rounded-xl border border-border bg-card p-5 font-medium"
        >
          <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-emerald-600" />
          {t("testimonials.sent")}
        </p>
      ) : closed ? (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-card p-5 font-medium">
          {closed}
        </p>
      ) : (
        <Form
          method="post"
          className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-6 shadow-sm"
        >
          {field("name", t("testimonials.name"), true)}
          {field("role", t("testimonials.role"))}
          {field("company", t("testimonials.company"))}
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-2 text-sm font-semibold">{t("testimonials.writing")}</legend>
            {(["en", "ar"] as const).map((lang) => (
              <label key={lang} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="writing"
                  value={lang}
                  checked={writing === lang}
                  onChange={() => setWriting(lang)}
                  className="size-4 accent-primary"
                />
                {t(lang === "en" ? "testimonials.english" : "testimonials.arabic")}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="testimonial-quote" className="text-sm font-semibold">
              {t("testimonials.quote")}
            </label>
            <textarea
              id="testimonial-quote"
              name="quote"
              rows={6}
              required
              maxLength={1500}
              lang={writing}
              dir={writing === "ar" ? "rtl" : "ltr"}
              defaultValue={actionData?.values.quote}
              aria-invalid={actionData?.fields.quote ? true : undefined}
              aria-describedby={actionData?.fields.quote ? "testimonial-quote-error" : undefined}
              className={input}
            />
            {actionData?.fields.quote ? (
              <p id="testimonial-quote-error" className="text-sm font-medium text-destructive">
                {actionData.fields.quote}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            aria-disabled={busy || undefined}
            className="self-start rounded-md bg-primary px-6 py-2.5 font-semibold text-primary-foreground hover:bg-primary/90"
          >
            {t(busy ? "testimonials.sending" : "testimonials.send")}
          </button>
        </Form>
      )}
    </section>
  );
}
