import { Plus, X } from "lucide-react";
import { useId } from "react";
import { get, useFieldArray, useFormContext, type FieldError, type Path } from "react-hook-form";
import type { SiteSettings } from "#core/site-settings.ts";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { FieldError as FieldMessage, TextArea, TextInput } from "#app/features/admin/forms/form-controls.tsx";

// The inputs of the settings sections (docs/product.md §17), each bound to its place in the settings document by
// its path ("name.en", "skills.2.ar", "links.github") inside the section's form.

export type SettingsValues = SiteSettings & { files: { portrait: File | null; aboutImage: File | null } };

/** The form of a section, and the refusal at a path of it. */
export function useSettingsForm() {
  const form = useFormContext<SettingsValues>();
  const errorAt = (path: string) => {
    const error = get<typeof form.formState.errors, (FieldError & { root?: FieldError }) | undefined>(
      form.formState.errors,
      path,
    );
    return error?.message ?? error?.root?.message;
  };
  const register = (path: string) => form.register(path as Path<SettingsValues>);
  return { form, errorAt, register };
}

export function useFieldLabel() {
  const { t } = useI18n();
  return (field: string) => t(`admin.settings.fields.${field}` as TranslationKey);
}

/** A text in English and in Arabic, side by side. */
export function Bilingual({
  path,
  label,
  multiline = false,
}: {
  path: string;
  label: string;
  multiline?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const { errorAt, register } = useSettingsForm();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(["en", "ar"] as const).map((language) => {
        const props = {
          id: `${id}-${language}`,
          label: t(language === "en" ? "admin.settings.english" : "admin.settings.arabic", { label }),
          field: register(`${path}.${language}`),
          error: errorAt(`${path}.${language}`),
          lang: language,
          dir: language === "en" ? ("ltr" as const) : ("rtl" as const),
        };
        return multiline ? (
          <TextArea key={language} rows={4} {...props} />
        ) : (
          <TextInput key={language} {...props} />
        );
      })}
    </div>
  );
}

/** A text that is the same in both languages (an e-mail, a link), written left to right. */
export function Plain({ path, label, type = "text" }: { path: string; label: string; type?: string }) {
  const id = useId();
  const { errorAt, register } = useSettingsForm();
  return (
    <TextInput id={id} label={label} type={type} dir="ltr" field={register(path)} error={errorAt(path)} />
  );
}

/** A list the owner may grow and shrink (skills, the "why" points), at most `max` entries and at least one. */
export function BilingualList({
  field,
  itemLabel,
  max,
}: {
  field: "skills" | "whyBullets";
  itemLabel: string;
  max: number;
}) {
  const { t } = useI18n();
  const label = useFieldLabel();
  const id = useId();
  const { form, errorAt } = useSettingsForm();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: field });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-semibold">{label(field)}</p>
      <ol className="flex flex-col gap-3">
        {fields.map((entry, index) => {
          const itemName = `${itemLabel} ${index + 1}`;
          return (
            <li key={entry.id} className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <Bilingual path={`${field}.${index}`} label={itemName} />
              </div>
              <button
                type="button"
                onClick={() => remove(index)}
                aria-label={t("admin.settings.remove", { item: itemName })}
                disabled={fields.length <= 1}
                className="mt-7 rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-destructive disabled:opacity-30"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          );
        })}
      </ol>
      <FieldMessage id={id} error={errorAt(field)} />
      {fields.length < max ? (
        <button
          type="button"
          onClick={() => append({ en: "", ar: "" })}
          className="inline-flex items-center gap-1.5 self-start rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("admin.settings.add")}: {itemLabel}
        </button>
      ) : null}
    </div>
  );
}

/** The service cards of a list (their number is fixed: each has its icon on the site), title and text each. */
export function ServiceList({ field }: { field: "servicesOverview" | "services" }) {
  const { t } = useI18n();
  const label = useFieldLabel();
  const { form } = useSettingsForm();
  const { fields } = useFieldArray({ control: form.control, name: field });
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{label(field)}</legend>
      {fields.map((entry, index) => (
        <div key={entry.id} className="flex flex-col gap-3">
          <Bilingual
            path={`${field}.${index}.title`}
            label={t("admin.settings.fields.serviceTitle", { number: index + 1 })}
          />
          <Bilingual
            path={`${field}.${index}.text`}
            label={t("admin.settings.fields.serviceText", { number: index + 1 })}
            multiline
          />
        </div>
      ))}
    </fieldset>
  );
}
