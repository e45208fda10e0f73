import { Plus, RotateCcw, X } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { SETTINGS_SECTIONS, type SettingsSection, type SiteSettings } from "#core/site-settings.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { AdminApiError, api, call, type FieldIssue } from "#app/features/admin/api/client.ts";
import { describeUploadError, uploadImage } from "#app/features/admin/api/upload-image.ts";
import { useAdminData } from "#app/features/admin/api/use-admin-data.ts";
import {
  FieldError,
  SubmitButton,
  TextArea,
  TextInput,
  inputClass,
} from "#app/features/admin/forms/form-controls.tsx";
import { ImageField } from "#app/features/admin/forms/image-field.tsx";
import { PasswordForm } from "#app/features/admin/forms/password-form.tsx";
import { BackupForm } from "#app/features/admin/forms/backup-form.tsx";
import { SessionsForm } from "#app/features/admin/forms/sessions-form.tsx";
import { SecondFactorsForm } from "#app/features/admin/forms/second-factors-form.tsx";
import { messageOf } from "#app/features/admin/forms/save-with-image.ts";

// The Settings tab (docs/product.md §17): the whole settings document in one form, saved whole (PUT
// /api/settings), each section with its "reset to default"; the server's refusals show under the fields they
// concern. Then the password and the other sessions.

type Path = readonly (string | number)[];
type Bilingual = { en: string; ar: string };
type ImageFieldName = "portrait" | "aboutImage";

const loadSettings = () => call(() => api.settings.$get());

/** A copy of `value` with `path` set to `next`. */
function setIn<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, unknown>;
  copy[head!] = setIn(copy[head!], rest, next);
  return copy as T;
}

function getIn(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    value,
  );
}

const keyOf = (path: Path) => path.join(".");

export function SettingsPanel() {
  const { t } = useI18n();
  const { data: loaded, setData } = useAdminData(
    loadSettings,
    "errors.fetchSettings",
    null as SiteSettings | null,
  );
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="settings-title" className="flex flex-col gap-2">
        <h2 id="settings-title" className="text-xl font-bold">
          {t("admin.settings.title")}
        </h2>
        <p className="text-muted-foreground">{t("admin.settings.text")}</p>
        <p className="text-sm text-muted-foreground">{t("admin.settings.preferences")}</p>
      </section>
      {loaded ? <SettingsForm saved={loaded} onSaved={setData} /> : <Spinner />}
      <PasswordForm />
      <SecondFactorsForm />
      <SessionsForm />
      <BackupForm />
    </div>
  );
}

function SettingsForm({
  saved,
  onSaved,
}: {
  saved: SiteSettings;
  onSaved: (settings: SiteSettings) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [doc, setDoc] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [files, setFiles] = useState<Partial<Record<ImageFieldName, File>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetting, setResetting] = useState<SettingsSection | null>(null);

  const sectionName = (section: SettingsSection) => t(`admin.settings.sections.${section}`);
  const fieldId = (path: Path) => `${id}-${keyOf(path)}`.replace(/[^\w-]/g, "-");

  const update = (path: Path, value: unknown) => {
    setDoc((current) => setIn(current, path, value));
    const key = keyOf(path);
    setErrors((current) => {
      const next = { ...current };
      for (const name of Object.keys(next)) if (name === key || name.startsWith(`${key}.`)) delete next[name];
      return next;
    });
  };

  const showIssues = (issues: readonly FieldIssue[]) =>
    setErrors(Object.fromEntries([...issues].reverse().map((issue) => [issue.path, issue.message])));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    const uploaded: { path: string; field: ImageFieldName; url: string }[] = [];
    try {
      for (const field of ["portrait", "aboutImage"] as const) {
        const file = files[field];
        if (!file) continue;
        try {
          setProgress(0);
          const image = await uploadImage(file, "site", setProgress);
          uploaded.push({ path: image.path, field, url: image.url });
        } catch (error) {
          const description = describeUploadError(error, t);
          showIssues([{ path: `${field}.url`, message: description }]);
          toast({ title: t("errors.uploadImage"), description, variant: "destructive" });
          return;
        } finally {
          setProgress(null);
        }
      }
      const body = uploaded.reduce<SiteSettings>(
        (current, image) => setIn(current, [image.field, "url"], image.url),
        doc,
      );
      const result = await call(() => api.settings.$put({ json: body }));
      uploaded.length = 0;
      setDoc(result);
      setFiles({});
      onSaved(result);
      toast({ title: t("admin.settings.saved") });
    } catch (error) {
      if (error instanceof AdminApiError) showIssues(error.issues);
      toast({ title: t("errors.saveSettings"), description: messageOf(error), variant: "destructive" });
    } finally {
      // A save that did not land must not leave its new images behind.
      for (const image of uploaded) {
        const [folder, name] = image.path.split("/") as [string, string];
        await call(() => api.uploads[":folder"][":name"].$delete({ param: { folder, name } })).catch(
          () => undefined,
        );
      }
      setBusy(false);
    }
  }

  async function reset(section: SettingsSection) {
    setResetting(null);
    try {
      const result = await call(() => api.settings[":section"].$delete({ param: { section } }));
      setDoc(result);
      setFiles({});
      setErrors({});
      onSaved(result);
      toast({ title: t("admin.settings.resetDone", { section: sectionName(section) }) });
    } catch (error) {
      toast({ title: t("errors.saveSettings"), description: messageOf(error), variant: "destructive" });
    }
  }

  const label = (field: string): string => t(`admin.settings.fields.${field}` as TranslationKey);

  const bilingual = (path: Path, text: string, options: { multiline?: boolean; hint?: string } = {}) => {
    const value = getIn(doc, path) as Bilingual;
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        {(["en", "ar"] as const).map((language) => {
          const props = {
            id: fieldId([...path, language]),
            label: t(language === "en" ? "admin.settings.english" : "admin.settings.arabic", { label: text }),
            value: value[language],
            error: errors[keyOf([...path, language])],
            lang: language,
            dir: language === "en" ? ("ltr" as const) : ("rtl" as const),
            onChange: (event: { target: { value: string } }) =>
              update([...path, language], event.target.value),
          };
          return options.multiline ? (
            <TextArea key={language} rows={4} {...props} />
          ) : (
            <TextInput key={language} hint={options.hint} {...props} />
          );
        })}
      </div>
    );
  };

  const plain = (path: Path, text: string, options: { type?: string; hint?: string } = {}) => (
    <TextInput
      id={fieldId(path)}
      label={text}
      hint={options.hint}
      type={options.type ?? "text"}
      dir="ltr"
      value={getIn(doc, path) as string}
      error={errors[keyOf(path)]}
      onChange={(event) => update(path, event.target.value)}
    />
  );

  /** A list the owner may grow and shrink (skills, the "why" points). */
  const bilingualList = (field: "skills" | "whyBullets", itemText: string, max: number) => {
    const items = doc[field];
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm font-semibold">{label(field)}</p>
        <ol className="flex flex-col gap-3">
          {items.map((_, index) => {
            const itemName = `${itemText} ${index + 1}`;
            return (
              <li key={index} className="flex items-start gap-2">
                <div className="min-w-0 flex-1">{bilingual([field, index], itemName)}</div>
                <button
                  type="button"
                  onClick={() =>
                    update(
                      [field],
                      items.filter((__, other) => other !== index),
                    )
                  }
                  aria-label={t("admin.settings.remove", { item: itemName })}
                  disabled={items.length <= 1}
                  className="mt-7 rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-destructive disabled:opacity-30"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ol>
        <FieldError id={fieldId([field])} error={errors[field]} />
        {items.length < max ? (
          <button
            type="button"
            onClick={() => update([field], [...items, { en: "", ar: "" }])}
            className="inline-flex items-center gap-1.5 self-start rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("admin.settings.add")}: {itemText}
          </button>
        ) : null}
      </div>
    );
  };

  const serviceList = (field: "servicesOverview" | "services") => (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{label(field)}</legend>
      {doc[field].map((_, index) => (
        <div key={index} className="flex flex-col gap-3">
          {bilingual([field, index, "title"], t("admin.settings.fields.serviceTitle", { number: index + 1 }))}
          {bilingual([field, index, "text"], t("admin.settings.fields.serviceText", { number: index + 1 }), {
            multiline: true,
          })}
        </div>
      ))}
    </fieldset>
  );

  const image = (field: ImageFieldName) => (
    <ImageField
      id={fieldId([field])}
      label={label(field)}
      file={files[field] ?? null}
      onFileChange={(file) => setFiles((current) => ({ ...current, [field]: file ?? undefined }))}
      currentUrl={doc[field].url}
      progress={files[field] ? progress : null}
      error={errors[`${field}.url`]}
      alt={{
        en: doc[field].alt.en,
        ar: doc[field].alt.ar,
        onChange: (language, value) => update([field, "alt", language], value),
        errors: { en: errors[`${field}.alt.en`], ar: errors[`${field}.alt.ar`] },
      }}
    />
  );

  const sections: Record<SettingsSection, ReactNode> = {
    identity: (
      <>
        {bilingual(["name"], label("name"))}
        <TextInput
          id={fieldId(["initials"])}
          label={label("initials")}
          hint={t("admin.settings.hints.initials")}
          value={doc.initials}
          maxLength={3}
          dir="auto"
          error={errors.initials}
          onChange={(event) => update(["initials"], event.target.value)}
        />
        {bilingual(["role"], label("role"))}
      </>
    ),
    hero: (
      <>
        {bilingual(["heroGreeting"], label("heroGreeting"))}
        {bilingual(["heroTitle"], label("heroTitle"))}
        {bilingual(["heroSubtitle"], label("heroSubtitle"))}
        {bilingual(["heroDescription"], label("heroDescription"), { multiline: true })}
      </>
    ),
    about: (
      <>
        {bilingual(["bio"], label("bio"), { multiline: true })}
        {bilingual(["philosophy"], label("philosophy"), { multiline: true })}
        {bilingualList("skills", label("skill"), 30)}
      </>
    ),
    images: (
      <>
        {image("portrait")}
        {image("aboutImage")}
      </>
    ),
    contact: (
      <>
        <div className="grid gap-4 sm:grid-cols-2">
          {plain(["email"], label("email"), { type: "email" })}
          {plain(["phone"], label("phone"), { type: "tel" })}
        </div>
        {bilingual(["city"], label("city"))}
        {bilingual(["location"], label("location"))}
        <TimeZoneSelect
          id={fieldId(["timeZone"])}
          label={label("timeZone")}
          hint={t("admin.settings.hints.timeZone")}
          value={doc.timeZone}
          error={errors.timeZone}
          onChange={(zone) => update(["timeZone"], zone)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fieldId(["emailLanguage"])} className="text-sm font-semibold">
            {label("emailLanguage")}
          </label>
          <select
            id={fieldId(["emailLanguage"])}
            value={doc.emailLanguage}
            aria-describedby={`${fieldId(["emailLanguage"])}-hint`}
            onChange={(event) => update(["emailLanguage"], event.target.value)}
            className={inputClass}
          >
            <option value="en" lang="en">
              {t("nav.english")}
            </option>
            <option value="ar" lang="ar">
              {t("nav.arabic")}
            </option>
          </select>
          <p id={`${fieldId(["emailLanguage"])}-hint`} className="text-xs text-muted-foreground">
            {t("admin.settings.hints.emailLanguage")}
          </p>
          <FieldError id={fieldId(["emailLanguage"])} error={errors.emailLanguage} />
        </div>
      </>
    ),
    links: (
      <>
        <p className="text-sm text-muted-foreground">{t("admin.settings.hints.links")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {(["github", "linkedin", "twitter", "instagram"] as const).map((name) => (
            <div key={name}>{plain(["links", name], label(name), { type: "url" })}</div>
          ))}
        </div>
      </>
    ),
    footer: bilingual(["footerText"], label("footerText")),
    services: (
      <>
        {serviceList("servicesOverview")}
        {serviceList("services")}
        {bilingual(["whyText"], label("whyText"), { multiline: true })}
        {bilingualList("whyBullets", label("whyBullet"), 8)}
      </>
    ),
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-6" noValidate>
      {(Object.keys(SETTINGS_SECTIONS) as SettingsSection[]).map((section) => (
        <section
          key={section}
          aria-labelledby={`${id}-${section}`}
          className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-sm"
        >
          <div className="flex flex-wrap items-center gap-3">
            <h3 id={`${id}-${section}`} className="me-auto text-lg font-bold">
              {sectionName(section)}
            </h3>
            <button
              type="button"
              onClick={() => setResetting(section)}
              aria-label={`${t("admin.settings.reset")}: ${sectionName(section)}`}
              className="inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
            >
              <RotateCcw aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t("admin.settings.reset")}
            </button>
          </div>
          {sections[section]}
        </section>
      ))}
      <div className="sticky bottom-4 z-10 self-start rounded-lg bg-background/90 p-2 shadow-md backdrop-blur">
        <SubmitButton busy={busy} label={t("admin.settings.save")} busyLabel={t("admin.processing")} />
      </div>
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(open) => {
          if (!open) setResetting(null);
        }}
        title={t("admin.settings.resetTitle")}
        description={resetting ? t("admin.settings.resetText", { section: sectionName(resetting) }) : ""}
        cancelLabel={t("admin.common.cancel")}
        confirmLabel={t("admin.settings.reset")}
        onConfirm={() => {
          if (resetting) void reset(resetting);
        }}
      />
    </form>
  );
}

/** The IANA time zones this browser knows, the current one first if it is not among them. */
function TimeZoneSelect({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (zone: string) => void;
}) {
  const [zones] = useState(() => {
    const known = Intl.supportedValuesOf("timeZone");
    return known.includes(value) ? known : [value, ...known];
  });
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        dir="ltr"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
