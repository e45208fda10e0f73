import { useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { TestimonialInputSchema } from "#db/inputs.ts";
import { pickText } from "#core/projects.ts";
import type { Project, Testimonial } from "#db/records.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { EditorDialog } from "#app/features/admin/content/editor-dialog.tsx";
import { topField, useEditorForm } from "#app/features/admin/content/editor-form.ts";
import {
  CheckboxField,
  Field,
  describedBy,
  inputClass,
  TextArea,
  TextInput,
} from "#app/features/admin/forms/form-controls.tsx";
import { ImageField } from "#app/features/admin/forms/image-field.tsx";
import { schemaResolver } from "#app/features/admin/forms/schema-resolver.ts";

interface TestimonialValues {
  quote_en: string;
  quote_ar: string;
  name: string;
  role: string;
  company: string;
  /** The project it is about; "" for none. */
  project_id: string;
  approved: boolean;
  show_on_home: boolean;
  /** The saved photo goes at the next save. */
  photo_removed: boolean;
  /** The photo chosen to replace it, uploaded by the save. */
  file: File | null;
}

function valuesOf(testimonial: Testimonial | undefined): TestimonialValues {
  return {
    quote_en: testimonial?.quote_en ?? "",
    quote_ar: testimonial?.quote_ar ?? "",
    name: testimonial?.name ?? "",
    role: testimonial?.role ?? "",
    company: testimonial?.company ?? "",
    project_id: testimonial?.project_id ?? "",
    // A client's words keep waiting for approval until the owner ticks it (docs/product.md §29.2).
    approved: testimonial?.approved ?? true,
    show_on_home: testimonial?.show_on_home ?? false,
    photo_removed: false,
    file: null,
  };
}

/** What POST /api/testimonials and PUT /api/testimonials/:id take (db/inputs.ts), from the form. */
function bodyOf(values: TestimonialValues, currentUrl: string | null) {
  return {
    quote_en: values.quote_en,
    quote_ar: values.quote_ar,
    name: values.name,
    role: values.role,
    company: values.company,
    // A chosen file stands in by its name until the save has uploaded it.
    photo_url: values.file ? values.file.name : values.photo_removed ? null : currentUrl,
    project_id: values.project_id || null,
    approved: values.approved,
    show_on_home: values.show_on_home,
  };
}

export type TestimonialBody = ReturnType<typeof bodyOf>;

/** The photo's refusal shows under the photo's field. */
const testimonialField = (path: string) => (path === "photo_url" ? "file" : topField(path));

/** The client's photo: chosen, previewed, removed; no description, the client's name says who it is. */
function PhotoField({ id, currentUrl }: { id: string; currentUrl: string | null }) {
  const { t } = useI18n();
  const { setValue, control, formState } = useFormContext<TestimonialValues>();
  const [file, removed] = useWatch({ control, name: ["file", "photo_removed"] });
  return (
    <ImageField
      id={id}
      label={t("admin.testimonials.photo")}
      file={file}
      onFileChange={(chosen) =>
        setValue("file", chosen, { shouldDirty: true, shouldValidate: formState.isSubmitted })
      }
      currentUrl={currentUrl}
      error={formState.errors.file?.message}
      removed={removed}
      onRemovedChange={(value) => setValue("photo_removed", value, { shouldDirty: true })}
    />
  );
}

/** The form that writes a client's words or edits them, in its dialog (docs/product.md §29). */
export function TestimonialForm({
  testimonial,
  projects,
}: {
  testimonial?: Testimonial;
  projects: Project[];
}) {
  const { t, language } = useI18n();
  const id = useId();
  const currentUrl = testimonial?.photo_url ?? null;
  const editor = useEditorForm<TestimonialValues>({
    kind: "testimonials",
    editing: Boolean(testimonial),
    defaultValues: valuesOf(testimonial),
    draftKey: testimonial ? `testimonial:${testimonial.id}` : "testimonial:new",
    resolver: schemaResolver({
      schema: TestimonialInputSchema,
      language,
      toBody: (values) => bodyOf(values, currentUrl),
      fieldOf: testimonialField,
    }),
    toInput: (values) => bodyOf(values, currentUrl),
    fieldOf: testimonialField,
  });
  const { register, formState } = editor.form;
  const text = (name: "quote_en" | "quote_ar" | "name" | "role" | "company") => ({
    id: `${id}-${name}`,
    field: register(name),
    error: formState.errors[name]?.message,
  });
  const projectError = formState.errors.project_id?.message;

  return (
    <EditorDialog kind="testimonials" editing={Boolean(testimonial)} editor={editor}>
      <p className="text-sm text-muted-foreground">{t("admin.testimonials.quoteHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextArea
          label={t("admin.testimonials.quoteEn")}
          rows={5}
          dir="ltr"
          lang="en"
          {...text("quote_en")}
        />
        <TextArea
          label={t("admin.testimonials.quoteAr")}
          rows={5}
          dir="rtl"
          lang="ar"
          {...text("quote_ar")}
        />
        <TextInput label={t("admin.testimonials.name")} dir="auto" {...text("name")} />
        <TextInput label={t("admin.testimonials.role")} dir="auto" {...text("role")} />
        <TextInput label={t("admin.testimonials.company")} dir="auto" {...text("company")} />
        <Field id={`${id}-project`} label={t("admin.testimonials.project")} error={projectError}>
          <select
            id={`${id}-project`}
            {...describedBy(`${id}-project`, { error: projectError })}
            {...register("project_id")}
            className={inputClass}
          >
            <option value="">{t("admin.testimonials.noProject")}</option>
            {projects.map((project) => (
              <option key={project.id} value={project.id} dir="auto">
                {pickText(project.title, project.title_ar, language).text}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <PhotoField id={`${id}-photo`} currentUrl={currentUrl} />
      <CheckboxField
        id={`${id}-approved`}
        label={t("admin.testimonials.approved")}
        hint={t("admin.testimonials.approvedHint")}
        field={register("approved")}
      />
      <CheckboxField
        id={`${id}-home`}
        label={t("admin.testimonials.onHome")}
        hint={t("admin.testimonials.onHomeHint")}
        field={register("show_on_home")}
      />
    </EditorDialog>
  );
}
