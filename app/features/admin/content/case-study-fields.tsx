import { useState } from "react";
import { useFormContext } from "react-hook-form";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { TextArea, TextInput } from "#app/features/admin/forms/form-controls.tsx";
import { RichTextField } from "./rich-text-field.tsx";

// A project's case study in its form (docs/product.md §28.1): client, role and period, key results, and the
// problem, approach and outcome in the articles' editor, each in English and in Arabic.

/** The case study's values in the project form. */
export interface CaseStudyValues {
  client_en: string;
  client_ar: string;
  role_en: string;
  role_ar: string;
  period_en: string;
  period_ar: string;
  problem_en: string;
  problem_ar: string;
  approach_en: string;
  approach_ar: string;
  outcome_en: string;
  outcome_ar: string;
  /** One result per line. */
  results_en: string;
  results_ar: string;
}

const LANGUAGES = ["en", "ar"] as const;
const CASE_FIELD = /^(client|role|period|problem|approach|outcome|results)_/;
const suffix = (lang: "en" | "ar") => (lang === "en" ? "En" : "Ar");

/**
 * Folded until the owner opens it, unless the project already tells its story: the rich-text editor is most of the
 * admin's code (decision 009), and a project form for a quick edit of a card need not load it.
 */
export function CaseStudyFields({ id, written }: { id: string; written: boolean }) {
  const { t } = useI18n();
  const { register, formState } = useFormContext<CaseStudyValues>();
  const { errors } = formState;
  const [opened, setOpen] = useState(written);
  // A refused field of the case study opens it, so its message is seen.
  const open = opened || Object.keys(errors).some((name) => CASE_FIELD.test(name));
  const line = (name: "client" | "role" | "period", lang: "en" | "ar") => (
    <TextInput
      key={`${name}-${lang}`}
      id={`${id}-${name}-${lang}`}
      label={t(`admin.projects.${name}${suffix(lang)}` as TranslationKey)}
      hint={name === "period" && lang === "en" ? t("admin.projects.periodHint") : undefined}
      field={register(`${name}_${lang}`)}
      error={errors[`${name}_${lang}`]?.message}
      dir={lang === "en" ? "ltr" : "rtl"}
      lang={lang}
    />
  );
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border border-border p-4"
    >
      <summary className="cursor-pointer text-sm font-semibold">{t("admin.projects.caseStudy")}</summary>
      {open ? <CaseStudyInputs id={id} line={line} /> : null}
    </details>
  );
}

function CaseStudyInputs({
  id,
  line,
}: {
  id: string;
  line: (name: "client" | "role" | "period", lang: "en" | "ar") => React.ReactNode;
}) {
  const { t } = useI18n();
  const { register, formState } = useFormContext<CaseStudyValues>();
  const { errors } = formState;
  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {(["client", "role", "period"] as const).flatMap((name) => LANGUAGES.map((lang) => line(name, lang)))}
        {LANGUAGES.map((lang) => (
          <TextArea
            key={lang}
            id={`${id}-results-${lang}`}
            label={t(`admin.projects.results${suffix(lang)}`)}
            field={register(`results_${lang}`)}
            error={errors[`results_${lang}`]?.message}
            rows={4}
            dir={lang === "en" ? "ltr" : "rtl"}
            lang={lang}
          />
        ))}
        <p className="text-xs text-muted-foreground sm:col-span-2">{t("admin.projects.resultsHint")}</p>
      </div>
      {(["problem", "approach", "outcome"] as const).flatMap((name) =>
        LANGUAGES.map((lang) => (
          <RichTextField<CaseStudyValues>
            key={`${name}-${lang}`}
            id={`${id}-${name}-${lang}`}
            name={`${name}_${lang}`}
            label={t(`admin.projects.${name}${suffix(lang)}` as TranslationKey)}
            lang={lang}
            height={200}
          />
        )),
      )}
    </div>
  );
}
