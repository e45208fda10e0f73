import { useId, useState } from "react";
import { formatLongDate } from "#core/dates.ts";
import { ARABIC_REGIONS, localeOf } from "#core/locales.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { FieldError, inputClass } from "#app/features/admin/forms/form-controls.tsx";
import { Bilingual, Plain, useFieldLabel, useSettingsForm } from "./settings-fields.tsx";

/**
 * The contact section (docs/product.md §17.1): e-mail, phone, city, location, time zone, the Arabic region and
 * e-mails' language.
 */
export function ContactFields() {
  const { t } = useI18n();
  const label = useFieldLabel();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Plain path="email" label={label("email")} type="email" />
        <Plain path="phone" label={label("phone")} type="tel" />
      </div>
      <Bilingual path="city" label={label("city")} />
      <Bilingual path="location" label={label("location")} />
      <SettingsSelect
        path="timeZone"
        hint={t("admin.settings.hints.timeZone")}
        dir="ltr"
        options={<TimeZones />}
      />
      <SettingsSelect
        path="arabicRegion"
        hint={t("admin.settings.hints.arabicRegion")}
        options={<ArabicRegions />}
      />
      <SettingsSelect
        path="emailLanguage"
        hint={t("admin.settings.hints.emailLanguage")}
        options={
          <>
            <option value="en" lang="en">
              {t("nav.english")}
            </option>
            <option value="ar" lang="ar">
              {t("nav.arabic")}
            </option>
          </>
        }
      />
    </>
  );
}

function SettingsSelect({
  path,
  hint,
  dir,
  options,
}: {
  path: "timeZone" | "arabicRegion" | "emailLanguage";
  hint: string;
  dir?: "ltr";
  options: React.ReactNode;
}) {
  const label = useFieldLabel();
  const id = useId();
  const { errorAt, register } = useSettingsForm();
  const error = errorAt(path);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label(path)}
      </label>
      <select
        id={id}
        dir={dir}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        {...register(path)}
        className={inputClass}
      >
        {options}
      </select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The IANA time zones this browser knows, the saved one first if it is not among them. */
function TimeZones() {
  const { form } = useSettingsForm();
  const [zones] = useState(() => {
    const saved = form.getValues("timeZone");
    const known = Intl.supportedValuesOf("timeZone");
    return known.includes(saved) ? known : [saved, ...known];
  });
  return zones.map((zone) => (
    <option key={zone} value={zone}>
      {zone}
    </option>
  ));
}

/** Each Arabic region, with today's date as its Arabic writes it, so the owner sees what they choose. */
function ArabicRegions() {
  const { t } = useI18n();
  // A day is all the sample shows: UTC's, which every browser knows, rather than a saved zone it may not.
  const [today] = useState(() => new Date());
  return ARABIC_REGIONS.map((region) => (
    <option key={region} value={region}>
      {t("arabicRegion.option", {
        region: t(`arabicRegion.regions.${region}`),
        sample: formatLongDate(today, localeOf("ar", region), "UTC"),
      })}
    </option>
  ));
}
