import { Copy, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { formatLongDate } from "#core/dates.ts";
import { localizePath } from "#core/localized-paths.ts";
import { pickText } from "#core/projects.ts";
import type { Language } from "#core/preferences.ts";
import type { Project } from "#db/records.ts";
import type { TestimonialLinkItem } from "#server/features/testimonials/service.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { useMutation } from "#app/features/admin/api/mutation.ts";
import { inputClass } from "#app/features/admin/forms/form-controls.tsx";

// One-time links for clients (docs/product.md §29.2): made in the client's language (an Arabic link opens the
// Arabic page), copied with one button, and listed with who each was for, open, answered (by whom) or expired; an
// unused one can be withdrawn.

const LANGUAGES: Language[] = ["en", "ar"];

/** The address a client opens: the page in the language the owner chose for them. */
function linkAddress(token: string, language: Language): string {
  return `${window.location.origin}${localizePath(`/testimonial/${token}`, language)}`;
}

function CopyButton({ address, label }: { address: string; label: string }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      onClick={() =>
        void navigator.clipboard.writeText(address).then(
          () => toast({ title: t("ownerTools.copied") }),
          () => toast({ title: t("ownerTools.copyFailed"), variant: "destructive" }),
        )
      }
      className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-border px-3 py-2 text-sm font-medium hover:bg-muted"
      aria-label={label}
    >
      <Copy aria-hidden="true" className="size-4" />
      {t("ownerTools.copy")}
    </button>
  );
}

export function LinkForm({ projects }: { projects: Project[] }) {
  const { t, language, locale } = useI18n();
  const { timeZone } = useSite();
  const id = useId();
  const [label, setLabel] = useState("");
  const [project, setProject] = useState("");
  const [clientLanguage, setClientLanguage] = useState<Language>(language);
  const [link, setLink] = useState<TestimonialLinkItem | null>(null);
  const create = useMutation<TestimonialLinkItem>({ onSuccess: setLink });
  const address = link?.token ? linkAddress(link.token, link.language) : "";
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("admin.testimonials.linkTitle")}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          {t("admin.testimonials.linkLabel")}
          <input
            dir="auto"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          {t("admin.testimonials.linkProject")}
          <select value={project} onChange={(event) => setProject(event.target.value)} className={inputClass}>
            <option value="">{t("admin.testimonials.noProject")}</option>
            {projects.map((item) => (
              <option key={item.id} value={item.id}>
                {pickText(item.title, item.title_ar, language).text}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1.5 text-sm font-semibold">{t("ownerTools.linkLanguage")}</legend>
        {LANGUAGES.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-language`}
              value={choice}
              checked={clientLanguage === choice}
              onChange={() => setClientLanguage(choice)}
              className="size-4 accent-primary"
            />
            {t(choice === "en" ? "testimonials.english" : "testimonials.arabic")}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        disabled={create.busy}
        onClick={() =>
          void create.submit({
            intent: "link",
            label,
            project_id: project || null,
            language: clientLanguage,
          })
        }
        className="self-start rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:bg-primary/90"
      >
        {t("admin.testimonials.linkCreate")}
      </button>
      {link && address ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-address`} className="text-sm font-semibold">
            {t("admin.testimonials.linkAddress")}
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-address`}
              readOnly
              dir="ltr"
              value={address}
              onFocus={(event) => event.target.select()}
              className={`${inputClass} min-w-0 flex-1`}
            />
            <CopyButton address={address} label={t("ownerTools.copy")} />
          </div>
          <p role="status" className="text-sm text-muted-foreground">
            {t("admin.testimonials.linkReady", { date: formatLongDate(link.expires_at, locale, timeZone) })}
          </p>
        </div>
      ) : null}
    </section>
  );
}

export function LinkList({ links }: { links: TestimonialLinkItem[] }) {
  const { t, locale } = useI18n();
  const { timeZone } = useSite();
  const revoke = useMutation<{ intent: string }>({
    onSuccess: () => toast({ title: t("ownerTools.revoked") }),
  });
  const date = (iso: string) => formatLongDate(iso, locale, timeZone);
  return (
    <section aria-labelledby="testimonial-links" className="flex flex-col gap-3">
      <h2 id="testimonial-links" className="text-lg font-semibold">
        {t("ownerTools.linksTitle")}
      </h2>
      {links.length === 0 ? <p className="text-muted-foreground">{t("ownerTools.noLinks")}</p> : null}
      <ul className="flex flex-col gap-2">
        {links.map((link) => {
          const name = link.label || t("ownerTools.noLabel");
          return (
            <li
              key={link.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-card p-3"
            >
              <div className="flex min-w-0 flex-1 basis-48 flex-col gap-0.5">
                <p dir="auto" className="font-semibold break-words">
                  {name}
                </p>
                <p className="text-sm text-muted-foreground">
                  {t(link.language === "en" ? "testimonials.english" : "testimonials.arabic")}
                  {" · "}
                  {link.state === "open"
                    ? t("ownerTools.linkOpen", { date: date(link.expires_at) })
                    : link.state === "used"
                      ? t("ownerTools.linkUsed", { date: date(link.used_at!) })
                      : t("ownerTools.linkExpired", { date: date(link.expires_at) })}
                  {link.answered_by ? (
                    <>
                      {" · "}
                      {t("ownerTools.answeredBy")} <bdi>{link.answered_by}</bdi>
                    </>
                  ) : null}
                </p>
              </div>
              {link.token ? (
                <div className="flex shrink-0 gap-2">
                  <CopyButton
                    address={linkAddress(link.token, link.language)}
                    label={t("ownerTools.copyFor", { name })}
                  />
                  <button
                    type="button"
                    disabled={revoke.busy}
                    onClick={() => void revoke.submit({ intent: "revoke", id: link.id })}
                    aria-label={t("ownerTools.revoke", { name })}
                    className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
