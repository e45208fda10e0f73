import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, type ReactNode } from "react";
import {
  FormProvider,
  get,
  useFieldArray,
  useFormContext,
  useForm,
  type ArrayPath,
  type FieldErrors,
  type Path,
} from "react-hook-form";
import { CV_SECTIONS, CvSchema, type Cv } from "#core/cv.ts";
import { CV_WORDS } from "#core/cv-view.ts";
import type { Language } from "#core/preferences.ts";
import { formatNumber } from "#core/intl.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useMutation, useFieldRefusal } from "#app/features/admin/api/mutation.ts";
import { CheckboxField, SubmitButton, TextInput } from "#app/features/admin/forms/form-controls.tsx";
import { LeaveGuard } from "#app/features/admin/forms/leave-guard.tsx";
import { schemaResolver } from "#app/features/admin/forms/schema-resolver.ts";

// The owner's CV (docs/product.md §32): the sections only a CV needs, each text in English, Arabic or both; which
// sections, projects and testimonials appear, in their order; and where "Download CV" is offered. The form is
// checked with the schema PUT /api/cv checks, and saved whole.

interface Choice {
  id: string;
  /** What the owner sees of it, and its language when it is known. */
  label: string;
  lang?: Language;
}

const LANGUAGES: readonly Language[] = ["en", "ar"];
const dirOf = (language: Language) => (language === "ar" ? "rtl" : "ltr");

const buttonClass =
  "inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted disabled:opacity-40";
const iconButtonClass =
  "inline-flex size-9 items-center justify-center rounded-md border border-border hover:bg-muted disabled:opacity-40";

const emptyText = () => ({ en: "", ar: "" });
const NEW_ENTRY = {
  experience: () => ({
    role: emptyText(),
    organisation: emptyText(),
    place: emptyText(),
    start: "",
    end: "",
    url: "",
    highlights: [],
  }),
  education: () => ({
    institution: emptyText(),
    study: emptyText(),
    place: emptyText(),
    start: "",
    end: "",
    url: "",
  }),
  certifications: () => ({ name: emptyText(), issuer: emptyText(), date: "", url: "" }),
  languages: () => ({ language: emptyText(), level: emptyText() }),
};

export function CvEditor({
  cv,
  projects,
  testimonials,
}: {
  cv: Cv;
  projects: { id: string; en: string; ar: string }[];
  testimonials: { id: string; name: string }[];
}) {
  const { t, language } = useI18n();
  const id = useId();
  const form = useForm<Cv>({
    defaultValues: cv,
    resolver: schemaResolver({ schema: CvSchema, language }),
  });
  const save = useMutation<Cv, Cv>({
    setError: form.setError,
    onSuccess: (saved) => {
      form.reset(saved);
      toast({ title: t("cv.editor.saved") });
    },
  });
  const refused = useFieldRefusal();
  const submit = form.handleSubmit((values) => save.submit({ cv: values }), refused);

  const projectChoices: Choice[] = projects.map((project) => {
    const arabic = language === "ar" && project.ar !== "";
    return { id: project.id, label: arabic ? project.ar : project.en, lang: arabic ? "ar" : "en" };
  });
  const testimonialChoices: Choice[] = testimonials.map((item) => ({ id: item.id, label: item.name }));
  const sectionChoices: Choice[] = CV_SECTIONS.map((section) => ({
    id: section,
    label: CV_WORDS[language][section],
    lang: language,
  }));

  return (
    <FormProvider {...form}>
      {/* The admin view around it is the region named CV: a second region of that name would repeat it. */}
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold">{t("cv.editor.title")}</h2>
          <p className="text-muted-foreground">{t("cv.editor.intro")}</p>
        </div>
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-6" noValidate>
          <Card title={t("cv.editor.sections")} hint={t("cv.editor.sectionsHint")}>
            <OrderedChoice name="sections" choices={sectionChoices} />
          </Card>
          <Entries
            name="experience"
            title={CV_WORDS[language].experience}
            fields={[
              ["role", "role"],
              ["organisation", "organisation"],
              ["place", "place"],
            ]}
            dates={["start", "end"]}
            highlights
          />
          <Entries
            name="education"
            title={CV_WORDS[language].education}
            fields={[
              ["institution", "institution"],
              ["study", "study"],
              ["place", "place"],
            ]}
            dates={["start", "end"]}
          />
          <Entries
            name="certifications"
            title={CV_WORDS[language].certifications}
            fields={[
              ["name", "certification"],
              ["issuer", "issuer"],
            ]}
            dates={["date"]}
          />
          <Entries
            name="languages"
            title={CV_WORDS[language].languages}
            fields={[
              ["language", "language"],
              ["level", "level"],
            ]}
          />
          <Card title={CV_WORDS[language].projects} hint={t("cv.editor.projectsHint")}>
            {projectChoices.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("cv.editor.noProjects")}</p>
            ) : (
              <OrderedChoice name="projects" choices={projectChoices} />
            )}
          </Card>
          <Card title={CV_WORDS[language].testimonials} hint={t("cv.editor.testimonialsHint")}>
            {testimonialChoices.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("cv.editor.noTestimonials")}</p>
            ) : (
              <OrderedChoice name="testimonials" choices={testimonialChoices} />
            )}
          </Card>
          <Card title={t("cv.editor.download")}>
            <CheckboxField
              id={`${id}-hero`}
              label={t("cv.editor.downloadHero")}
              field={form.register("downloadLink.hero")}
            />
            <CheckboxField
              id={`${id}-about`}
              label={t("cv.editor.downloadAbout")}
              field={form.register("downloadLink.about")}
            />
          </Card>
          <div>
            <SubmitButton busy={save.busy} label={t("cv.editor.save")} busyLabel={t("admin.processing")} />
          </div>
        </form>
      </div>
      <LeaveGuard when={form.formState.isDirty && !save.busy} />
    </FormProvider>
  );
}

function Card({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset
      aria-describedby={hint ? `${id}-hint` : undefined}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <legend className="px-1 text-lg font-bold">{title}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-2 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

/** The message of a field's refusal, when it has one. */
function errorAt(errors: FieldErrors<Cv>, name: string): string | undefined {
  const found: unknown = get(errors, name);
  return (found as { message?: string } | undefined)?.message;
}

/** A text in English and in Arabic: either may stay empty, as the schema says. */
function BilingualText({ name, label }: { name: string; label: string }) {
  const { t } = useI18n();
  const {
    register,
    formState: { errors },
  } = useFormContext<Cv>();
  const id = useId();
  const both = errorAt(errors, name);
  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-3 sm:grid-cols-2">
        {LANGUAGES.map((language) => (
          <TextInput
            key={language}
            id={`${id}-${language}`}
            label={`${label} (${t(`cv.editor.in.${language}`)})`}
            lang={language}
            dir={dirOf(language)}
            error={errorAt(errors, `${name}.${language}`)}
            field={register(`${name}.${language}` as Path<Cv>)}
          />
        ))}
      </div>
      {both ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {both}
        </p>
      ) : null}
    </div>
  );
}

type EntryList = "experience" | "education" | "certifications" | "languages";

/** One of the CV's own sections: its entries, added, removed and moved. */
function Entries({
  name,
  title,
  fields,
  dates = [],
  highlights = false,
}: {
  name: EntryList;
  title: string;
  /** Each bilingual text of an entry, and the key of its label under cv.editor.fields. */
  fields: [string, FieldLabel][];
  dates?: ("start" | "end" | "date")[];
  highlights?: boolean;
}) {
  const { t, locale } = useI18n();
  const {
    register,
    formState: { errors },
  } = useFormContext<Cv>();
  const list = useFieldArray<Cv, EntryList>({ name });
  const id = useId();
  const listError = errorAt(errors, name);
  return (
    <Card title={title}>
      {list.fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("cv.editor.empty")}</p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {list.fields.map((entry, index) => {
          const at = `${name}.${index}`;
          const number = formatNumber(index + 1, locale);
          return (
            <li
              key={entry.id}
              className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:p-4"
              aria-label={t("cv.editor.entry", { section: title, number })}
            >
              <div className="flex flex-wrap items-center gap-2">
                <p className="me-auto font-semibold">{t("cv.editor.entry", { section: title, number })}</p>
                <button
                  type="button"
                  className={iconButtonClass}
                  disabled={index === 0}
                  onClick={() => list.move(index, index - 1)}
                  aria-label={t("cv.editor.moveUp", { item: number })}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButtonClass}
                  disabled={index === list.fields.length - 1}
                  onClick={() => list.move(index, index + 1)}
                  aria-label={t("cv.editor.moveDown", { item: number })}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => list.remove(index)}
                  aria-label={t("cv.editor.removeEntry", { section: title, number })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t("admin.common.delete")}
                </button>
              </div>
              {fields.map(([field, label]) => (
                <BilingualText key={field} name={`${at}.${field}`} label={t(`cv.editor.fields.${label}`)} />
              ))}
              {dates.length > 0 ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  {dates.map((date) => (
                    <DateInput key={date} name={`${at}.${date}`} kind={date} />
                  ))}
                </div>
              ) : null}
              {name !== "languages" ? (
                <TextInput
                  id={`${id}-${index}-url`}
                  label={t("cv.editor.fields.url")}
                  type="url"
                  dir="ltr"
                  inputMode="url"
                  error={errorAt(errors, `${at}.url`)}
                  field={register(`${at}.url` as Path<Cv>)}
                />
              ) : null}
              {highlights ? <Highlights name={`${at}.highlights`} /> : null}
            </li>
          );
        })}
      </ol>
      {listError ? <p className="text-sm font-medium text-destructive">{listError}</p> : null}
      <div>
        <button type="button" className={buttonClass} onClick={() => list.append(NEW_ENTRY[name]())}>
          <Plus aria-hidden="true" className="size-4" />
          {t("cv.editor.add", { section: title })}
        </button>
      </div>
    </Card>
  );
}

type FieldLabel =
  | "role"
  | "organisation"
  | "place"
  | "institution"
  | "study"
  | "certification"
  | "issuer"
  | "language"
  | "level";

function DateInput({ name, kind }: { name: string; kind: "start" | "end" | "date" }) {
  const { t } = useI18n();
  const {
    register,
    formState: { errors },
  } = useFormContext<Cv>();
  const id = useId();
  return (
    <TextInput
      id={id}
      label={t(`cv.editor.fields.${kind}`)}
      hint={t(kind === "end" ? "cv.editor.endHint" : "cv.editor.dateHint")}
      dir="ltr"
      inputMode="numeric"
      placeholder="2019-04"
      error={errorAt(errors, name)}
      field={register(name as Path<Cv>)}
    />
  );
}

/** An experience's highlights: short lines, each in either language. */
function Highlights({ name }: { name: string }) {
  const { t, locale } = useI18n();
  const list = useFieldArray<Cv>({ name: name as ArrayPath<Cv> });
  return (
    <div className="flex flex-col gap-3 border-s-2 border-border ps-3">
      <p className="text-sm font-semibold">{t("cv.editor.highlights")}</p>
      {list.fields.map((item, index) => (
        <div key={item.id} className="flex flex-col gap-2">
          <BilingualText
            name={`${name}.${index}`}
            label={t("cv.editor.highlight", { number: formatNumber(index + 1, locale) })}
          />
          <div>
            <button type="button" className={buttonClass} onClick={() => list.remove(index)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t("cv.editor.removeHighlight", { number: formatNumber(index + 1, locale) })}
            </button>
          </div>
        </div>
      ))}
      <div>
        <button type="button" className={buttonClass} onClick={() => list.append(emptyText())}>
          <Plus aria-hidden="true" className="size-4" />
          {t("cv.editor.addHighlight")}
        </button>
      </div>
    </div>
  );
}

/**
 * A choice of items in an order (the sections, projects and testimonials the CV shows): the chosen ones first, in
 * their order, each with its arrows; then the others, unchosen.
 */
function OrderedChoice({
  name,
  choices,
}: {
  name: "sections" | "projects" | "testimonials";
  choices: Choice[];
}) {
  const { t } = useI18n();
  const {
    watch,
    setValue,
    formState: { errors },
  } = useFormContext<Cv>();
  const id = useId();
  const chosen = watch(name) as string[];
  const error = errorAt(errors, name);
  const change = (next: string[]) =>
    setValue(name, next as never, { shouldDirty: true, shouldValidate: true });
  const byId = new Map(choices.map((choice) => [choice.id, choice]));
  const ordered = [
    ...chosen.map((key) => byId.get(key)).filter((choice): choice is Choice => choice !== undefined),
    ...choices.filter((choice) => !chosen.includes(choice.id)),
  ];
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2">
        {ordered.map((choice) => {
          const at = chosen.indexOf(choice.id);
          const move = (by: number) => {
            const next = [...chosen];
            next.splice(at, 1);
            next.splice(at + by, 0, choice.id);
            change(next);
          };
          const label = (
            <span lang={choice.lang} dir={choice.lang ? dirOf(choice.lang) : "auto"}>
              {choice.label}
            </span>
          );
          return (
            <li key={choice.id} className="flex items-center gap-2 rounded-md border border-border p-2">
              <input
                id={`${id}-${choice.id}`}
                type="checkbox"
                checked={at !== -1}
                onChange={(event) =>
                  change(
                    event.target.checked ? [...chosen, choice.id] : chosen.filter((key) => key !== choice.id),
                  )
                }
                className="size-4 shrink-0 accent-primary"
              />
              <label htmlFor={`${id}-${choice.id}`} className="me-auto min-w-0 break-words text-sm">
                {label}
              </label>
              {at !== -1 ? (
                <>
                  <button
                    type="button"
                    className={iconButtonClass}
                    disabled={at === 0}
                    onClick={() => move(-1)}
                    aria-label={t("cv.editor.moveUp", { item: choice.label })}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={iconButtonClass}
                    disabled={at === chosen.length - 1}
                    onClick={() => move(1)}
                    aria-label={t("cv.editor.moveDown", { item: choice.label })}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </div>
  );
}
