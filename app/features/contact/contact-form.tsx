import type { TranslationKey } from "#app/i18n/keys.ts";
import { CheckCircle2, Send } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  FORM_STAMP_FIELD,
  HONEYPOT_FIELD,
  type ContactField,
} from "#core/contact-fields.ts";
import { readContactReply, type ContactReplyResult } from "#core/contact-reply.ts";
import { LEAD_FIELDS } from "#core/visits.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { fillVisitTrail } from "#app/lib/visit-trail.ts";
import type { ContactActionData } from "./contact-action.server.ts";
import { postContactForm } from "./post-contact-form.ts";

// The contact form (docs/product.md §2 "Contact", §4): idle, submitting ('Sending...'), then a success toast and an
// empty form, or the errors in red under their fields. With JavaScript it posts to the form endpoint and
// reads the reply; without, the browser posts it to `action` and the page comes back in one of those states.

interface ContactFormProps {
  /** Where the browser code posts: /f/:formId or an external Formspree-compatible endpoint. */
  endpoint: string;
  /** Where the form posts without JavaScript: this page's action, or the external endpoint. */
  action: string;
  formOrigin: string;
  /** The form's signed render time (docs/product.md §25); null when an external service takes the form. */
  stamp: string | null;
  /** The page rendered after a refused no-JavaScript post. */
  refused?: ContactActionData;
}

const FIELD_LABELS: Record<ContactField, TranslationKey> = {
  name: "contact.name",
  email: "contact.yourEmail",
  subject: "contact.subject",
  message: "contact.message",
};

const inputClass =
  "w-full rounded-md border bg-background px-3 py-2 text-base shadow-sm outline-none transition focus-visible:ring-2 focus-visible:ring-primary aria-[invalid=true]:border-destructive";

export function ContactForm({ endpoint, action, formOrigin, stamp, refused }: ContactFormProps) {
  const { t, language } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<ContactReplyResult | null>(() =>
    refused ? readContactReply({ body: refused.reply }, t("contact.unexpectedReply")) : null,
  );
  // What a refused plain post brought back; dropped once a message is sent, so the form empties.
  const [typed, setTyped] = useState(refused?.values);
  const [generation, setGeneration] = useState(0);
  const revalidator = useRevalidator();

  const failure = result?.kind === "error" ? result : null;
  const fieldMessage = (name: ContactField) =>
    failure?.fieldErrors[name]?.map((problem) => problem.message).join(", ");
  // Problems the page has no field for are shown with the form's own ones.
  const formMessages = failure
    ? [
        ...failure.formErrors.map((problem) => problem.message),
        ...Object.entries(failure.fieldErrors)
          .filter(([name]) => !(CONTACT_FIELDS as readonly string[]).includes(name))
          .flatMap(([, problems]) => problems.map((problem) => problem.message)),
      ]
    : [];

  useEffect(() => {
    if (result?.kind !== "error") return;
    const first = CONTACT_FIELDS.find((name) => result.fieldErrors[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [result]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    fillVisitTrail(event.currentTarget);
    const reply = await postContactForm(
      endpoint,
      event.currentTarget,
      t("contact.unexpectedReply"),
      language,
    );
    setSending(false);
    if (reply.kind === "success") {
      toast({ title: t("contact.successTitle"), description: t("contact.successText") });
      setResult(null);
      setTyped(undefined);
      setGeneration((n) => n + 1);
      // A render stamp is good for one message (docs/product.md §25.3): the next message gets a stamp of its own.
      if (stamp) void revalidator.revalidate();
    } else {
      setResult(reply);
    }
  }

  return (
    <form
      key={generation}
      ref={formRef}
      method="post"
      action={action}
      onSubmit={(event) => void onSubmit(event)}
      // The fields stay `required` and `type="email"` for assistive technology and phone keyboards, but the
      // check is the server's: its messages come in the page's language, under each field, where the
      // browser's bubble would speak the browser's language.
      noValidate
      aria-describedby="contact-required"
      className="flex flex-col gap-5"
    >
      <p id="contact-required" className="text-sm text-muted-foreground">
        {t("contact.allRequired")}
      </p>
      {CONTACT_FIELDS.map((name) => {
        const message = fieldMessage(name);
        const id = `contact-${name}`;
        const common = {
          id,
          name,
          required: true,
          maxLength: CONTACT_LIMITS[name],
          defaultValue: typed?.[name],
          dir: "auto" as const,
          "aria-invalid": message ? true : undefined,
          "aria-describedby": message ? `${id}-error` : undefined,
          className: `${inputClass} ${message ? "border-destructive" : "border-border"}`,
        };
        return (
          <div key={name} className="flex flex-col gap-2">
            <label htmlFor={id} className="text-sm font-medium">
              {t(FIELD_LABELS[name])}
            </label>
            {name === "message" ? (
              <textarea rows={5} {...common} className={`${common.className} resize-y`} />
            ) : (
              <input
                type={name === "email" ? "email" : "text"}
                autoComplete={name === "name" ? "name" : name === "email" ? "email" : "off"}
                {...common}
              />
            )}
            {message ? (
              <p id={`${id}-error`} className="text-sm font-medium text-destructive dark:text-red-400">
                {message}
              </p>
            ) : null}
          </div>
        );
      })}
      <input type="hidden" name="form_origin" defaultValue={formOrigin} />
      {/* What led to the message, filled in as it is sent (docs/product.md §27). */}
      <input type="hidden" name={LEAD_FIELDS.entry} defaultValue="" />
      <input type="hidden" name={LEAD_FIELDS.last} defaultValue="" />
      {/* A refused post keeps the time the visitor first saw the form. */}
      {stamp ? <input type="hidden" name={FORM_STAMP_FIELD} defaultValue={refused?.stamp ?? stamp} /> : null}
      {/* The honeypot: hidden from people and assistive technology, filled in by robots. */}
      <div className="hidden" aria-hidden="true">
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {failure ? (
        <div
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-destructive dark:text-red-400"
        >
          <p className="font-semibold">{t("contact.notSent")}</p>
          {formMessages.length > 0 ? (
            <p className="mt-1 text-sm" dir="auto">
              {formMessages.join(", ")}
            </p>
          ) : null}
        </div>
      ) : null}
      <button
        type="submit"
        disabled={sending}
        className="inline-flex items-center justify-center gap-2 self-start rounded-md bg-primary px-6 py-3 font-semibold text-primary-foreground shadow hover:opacity-90 disabled:cursor-wait disabled:opacity-70"
      >
        {sending ? t("contact.sending") : t("contact.send")}
        <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </button>
    </form>
  );
}

/** The page after a successful plain post (no JavaScript): the toast's words, shown in the page. */
export function ContactSent() {
  const { t } = useI18n();
  return (
    <div role="status" className="flex items-start gap-3 rounded-md border border-primary/30 bg-accent p-4">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div>
        <p className="font-semibold">{t("contact.successTitle")}</p>
        <p className="text-sm text-muted-foreground">{t("contact.successText")}</p>
      </div>
    </div>
  );
}
