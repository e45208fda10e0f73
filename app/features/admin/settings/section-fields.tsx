import { useId } from "react";
import { useWatch } from "react-hook-form";
import type { SettingsSection } from "#core/site-settings.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { CheckboxField, TextInput } from "#app/features/admin/forms/form-controls.tsx";
import { ImageField } from "#app/features/admin/forms/image-field.tsx";
import { ContactFields } from "./contact-fields.tsx";
import {
  Bilingual,
  BilingualList,
  Plain,
  ServiceList,
  useFieldLabel,
  useSettingsForm,
} from "./settings-fields.tsx";

/** The fields of one settings section (core/site-settings.ts SETTINGS_SECTIONS), in the section's form. */
export function SectionFields({ section }: { section: SettingsSection }) {
  const { t } = useI18n();
  const label = useFieldLabel();
  const id = useId();
  const { errorAt, register } = useSettingsForm();
  switch (section) {
    case "identity":
      return (
        <>
          <Bilingual path="name" label={label("name")} />
          <TextInput
            id={id}
            label={label("initials")}
            hint={t("admin.settings.hints.initials")}
            maxLength={3}
            dir="auto"
            field={register("initials")}
            error={errorAt("initials")}
          />
          <Bilingual path="role" label={label("role")} />
        </>
      );
    case "hero":
      return (
        <>
          <Bilingual path="heroGreeting" label={label("heroGreeting")} />
          <Bilingual path="heroTitle" label={label("heroTitle")} />
          <Bilingual path="heroSubtitle" label={label("heroSubtitle")} />
          <Bilingual path="heroDescription" label={label("heroDescription")} multiline />
        </>
      );
    case "about":
      return (
        <>
          <Bilingual path="bio" label={label("bio")} multiline />
          <Bilingual path="philosophy" label={label("philosophy")} multiline />
          <BilingualList field="skills" itemLabel={label("skill")} max={30} />
        </>
      );
    case "images":
      return (
        <>
          <SettingsImage name="portrait" />
          <SettingsImage name="aboutImage" />
        </>
      );
    case "contact":
      return <ContactFields />;
    case "links":
      return (
        <>
          <p className="text-sm text-muted-foreground">{t("admin.settings.hints.links")}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {(["github", "linkedin", "twitter", "instagram"] as const).map((name) => (
              <Plain key={name} path={`links.${name}`} label={label(name)} type="url" />
            ))}
          </div>
        </>
      );
    case "footer":
      return <Bilingual path="footerText" label={label("footerText")} />;
    case "visits":
      return (
        <CheckboxField
          id={id}
          label={label("countVisits")}
          hint={t("admin.settings.hints.countVisits")}
          field={register("countVisits")}
        />
      );
    case "services":
      return (
        <>
          <ServiceList field="servicesOverview" />
          <ServiceList field="services" />
          <Bilingual path="whyText" label={label("whyText")} multiline />
          <BilingualList field="whyBullets" itemLabel={label("whyBullet")} max={8} />
        </>
      );
  }
}

/** The portrait or the about image: the saved one, or a file chosen to replace it, with its descriptions. */
function SettingsImage({ name }: { name: "portrait" | "aboutImage" }) {
  const label = useFieldLabel();
  const id = useId();
  const { form, errorAt, register } = useSettingsForm();
  const [file, url] = useWatch({ control: form.control, name: [`files.${name}`, `${name}.url`] });
  return (
    <ImageField
      id={`${id}-${name}`}
      label={label(name)}
      file={file}
      onFileChange={(chosen) => form.setValue(`files.${name}`, chosen, { shouldDirty: true })}
      currentUrl={url}
      error={errorAt(`${name}.url`)}
      alt={{
        en: register(`${name}.alt.en`),
        ar: register(`${name}.alt.ar`),
        errors: { en: errorAt(`${name}.alt.en`), ar: errorAt(`${name}.alt.ar`) },
      }}
    />
  );
}
