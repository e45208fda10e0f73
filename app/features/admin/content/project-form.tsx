import { useId } from "react";
import { ProjectInputSchema } from "#db/inputs.ts";
import { parseTags } from "#core/projects.ts";
import type { OwnerProject } from "#db/records.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { CheckboxField, TextArea, TextInput } from "#app/features/admin/forms/form-controls.tsx";
import { schemaResolver } from "#app/features/admin/forms/schema-resolver.ts";
import {
  AddressFields,
  addressBody,
  addressValuesOf,
  shareImageFiles,
  shareImagesOf,
  type AddressValues,
  type ShareImages,
} from "./address-fields.tsx";
import { CaseStudyFields, type CaseStudyValues } from "./case-study-fields.tsx";
import { ContentImage } from "./content-image.tsx";
import { TranslationPanel } from "./translation-note.tsx";
import { EditorDialog } from "./editor-dialog.tsx";
import { GalleryField, type GalleryValue } from "./gallery-field.tsx";
import {
  imageBody,
  imageValuesOf,
  NO_IMAGE,
  topField,
  useEditorForm,
  type ImageValues,
} from "./editor-form.ts";

interface ProjectValues extends ImageValues, AddressValues, CaseStudyValues {
  title: string;
  description: string;
  category: string;
  title_ar: string;
  description_ar: string;
  category_ar: string;
  github_link: string;
  live_link: string;
  /** Typed comma-separated (docs/product.md §5.3). */
  tags: string;
  featured: boolean;
  published: boolean;
  gallery: GalleryValue[];
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

function valuesOf(project: OwnerProject | undefined): ProjectValues {
  return {
    title: project?.title ?? "",
    description: project?.description ?? "",
    category: project?.category ?? "",
    title_ar: project?.title_ar ?? "",
    description_ar: project?.description_ar ?? "",
    category_ar: project?.category_ar ?? "",
    github_link: project?.github_link ?? "",
    live_link: project?.live_link ?? "",
    tags: project?.tags.join(", ") ?? "",
    featured: project?.featured ?? false,
    ...addressValuesOf(project),
    published: project?.published ?? true,
    client_en: project?.client_en ?? "",
    client_ar: project?.client_ar ?? "",
    role_en: project?.role_en ?? "",
    role_ar: project?.role_ar ?? "",
    period_en: project?.period_en ?? "",
    period_ar: project?.period_ar ?? "",
    problem_en: project?.problem_en ?? "",
    problem_ar: project?.problem_ar ?? "",
    approach_en: project?.approach_en ?? "",
    approach_ar: project?.approach_ar ?? "",
    outcome_en: project?.outcome_en ?? "",
    outcome_ar: project?.outcome_ar ?? "",
    results_en: project?.results_en.join("\n") ?? "",
    results_ar: project?.results_ar.join("\n") ?? "",
    gallery: project?.gallery.map((image) => ({ ...image, file: null })) ?? [],
    ...(project ? imageValuesOf(project) : NO_IMAGE),
  };
}

/** The files the save uploads: the project's image, its share images, and each new image of the gallery by its place. */
export function projectFiles(values: ProjectValues): Record<string, File | null> {
  const files: Record<string, File | null> = { image: values.file, ...shareImageFiles(values) };
  for (const [index, image] of values.gallery.entries())
    if (image.file instanceof File) files[`gallery.${index}`] = image.file;
  return files;
}

/** What POST /api/projects and PUT /api/projects/:id take (db/inputs.ts), from the form. */
function bodyOf(values: ProjectValues, currentUrl: string | null, shareImages: ShareImages) {
  return {
    title: values.title,
    description: values.description,
    category: values.category,
    title_ar: values.title_ar,
    description_ar: values.description_ar,
    category_ar: values.category_ar,
    github_link: values.github_link,
    live_link: values.live_link,
    tags: parseTags(values.tags),
    featured: values.featured,
    ...addressBody(values, shareImages),
    published: values.published,
    client_en: values.client_en,
    client_ar: values.client_ar,
    role_en: values.role_en,
    role_ar: values.role_ar,
    period_en: values.period_en,
    period_ar: values.period_ar,
    problem_en: values.problem_en,
    problem_ar: values.problem_ar,
    approach_en: values.approach_en,
    approach_ar: values.approach_ar,
    outcome_en: values.outcome_en,
    outcome_ar: values.outcome_ar,
    results_en: lines(values.results_en),
    results_ar: lines(values.results_ar),
    // A chosen file stands in by its name until the save has uploaded it.
    gallery: values.gallery.map((image) => ({
      url: image.file instanceof File ? image.file.name : image.url,
      alt_en: image.alt_en,
      alt_ar: image.alt_ar,
    })),
    ...imageBody(values, currentUrl),
  };
}

/** A refusal of one gallery image shows under that image's field; the others under their field (topField). */
const projectField = (path: string) => (/^gallery\.\d+\./.test(path) ? path : topField(path));

export type ProjectBody = ReturnType<typeof bodyOf>;

export const projectDraftKey = (project?: OwnerProject) =>
  project ? `project:${project.id}` : "project:new";

/** The add form (no project) or the edit form, in their dialog (docs/product.md §2.10, §4.9, §5). */
export function ProjectForm({ project }: { project?: OwnerProject }) {
  const { t, language } = useI18n();
  const id = useId();
  const currentUrl = project?.image_url ?? null;
  const shareImages = shareImagesOf(project);
  const editor = useEditorForm<ProjectValues>({
    kind: "projects",
    editing: Boolean(project),
    defaultValues: valuesOf(project),
    draftKey: projectDraftKey(project),
    resolver: schemaResolver({
      schema: ProjectInputSchema,
      language,
      toBody: (values) => bodyOf(values, currentUrl, shareImages),
      fieldOf: projectField,
    }),
    toInput: (values) => bodyOf(values, currentUrl, shareImages),
    files: projectFiles,
    fieldOf: projectField,
  });
  const { register, formState } = editor.form;
  const error = (name: keyof ProjectValues) => formState.errors[name]?.message;
  const text = (
    name:
      | "title"
      | "title_ar"
      | "description"
      | "description_ar"
      | "category"
      | "category_ar"
      | "tags"
      | "github_link"
      | "live_link",
  ) => ({
    id: `${id}-${name}`,
    field: register(name),
    error: error(name),
  });

  return (
    <EditorDialog kind="projects" editing={Boolean(project)} editor={editor}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label={t("admin.projects.title")} dir="ltr" lang="en" {...text("title")} />
        <TextInput
          label={t("admin.projects.titleAr")}
          hint={t("admin.projects.arabicHint")}
          dir="rtl"
          lang="ar"
          {...text("title_ar")}
        />
        <TextArea
          label={t("admin.projects.description")}
          rows={4}
          dir="ltr"
          lang="en"
          {...text("description")}
        />
        <TextArea
          label={t("admin.projects.descriptionAr")}
          rows={4}
          dir="rtl"
          lang="ar"
          {...text("description_ar")}
        />
        <TextInput label={t("admin.projects.category")} dir="ltr" lang="en" {...text("category")} />
        <TextInput label={t("admin.projects.categoryAr")} dir="rtl" lang="ar" {...text("category_ar")} />
        <TextInput
          label={t("admin.projects.tags")}
          hint={t("admin.projects.tagsHint")}
          dir="auto"
          {...text("tags")}
        />
        <TextInput
          label={t("admin.projects.github")}
          type="url"
          dir="ltr"
          placeholder="https://github.com/…"
          {...text("github_link")}
        />
        <TextInput
          label={t("admin.projects.live")}
          type="url"
          dir="ltr"
          placeholder="https://…"
          {...text("live_link")}
        />
      </div>
      {project ? <TranslationPanel item={project} /> : null}
      <ContentImage id={`${id}-image`} label={t("admin.projects.image")} currentUrl={currentUrl} />
      <CaseStudyFields
        id={id}
        written={Boolean(
          project &&
          [
            project.client_en,
            project.role_en,
            project.problem_en,
            project.approach_en,
            project.outcome_en,
          ].some(Boolean),
        )}
      />
      <GalleryField id={`${id}-gallery`} />
      <CheckboxField
        id={`${id}-featured`}
        label={t("admin.projects.featured")}
        hint={t("admin.projects.featuredHint")}
        field={register("featured")}
      />
      <CheckboxField
        id={`${id}-published`}
        label={t("admin.projects.published")}
        hint={t("admin.projects.publishedHint")}
        field={register("published")}
      />
      <AddressFields<ProjectValues> id={id} kind="projects" shareImages={shareImages} />
    </EditorDialog>
  );
}
