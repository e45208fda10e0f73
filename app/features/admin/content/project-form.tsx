import { useId } from "react";
import { ProjectInputSchema } from "#db/inputs.ts";
import { parseTags } from "#core/projects.ts";
import type { Project } from "#db/records.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { CheckboxField, TextArea, TextInput } from "#app/features/admin/forms/form-controls.tsx";
import { schemaResolver } from "#app/features/admin/forms/schema-resolver.ts";
import { AddressFields, addressBody, addressValuesOf, type AddressValues } from "./address-fields.tsx";
import { ContentImage } from "./content-image.tsx";
import { TranslationPanel } from "./translation-note.tsx";
import { EditorDialog } from "./editor-dialog.tsx";
import {
  imageBody,
  imageValuesOf,
  NO_IMAGE,
  topField,
  useEditorForm,
  type ImageValues,
} from "./editor-form.ts";

interface ProjectValues extends ImageValues, AddressValues {
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
}

function valuesOf(project: Project | undefined): ProjectValues {
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
    ...(project ? imageValuesOf(project) : NO_IMAGE),
  };
}

/** What POST /api/projects and PUT /api/projects/:id take (db/inputs.ts), from the form. */
function bodyOf(values: ProjectValues, currentUrl: string | null) {
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
    ...addressBody(values),
    ...imageBody(values, currentUrl),
  };
}

export type ProjectBody = ReturnType<typeof bodyOf>;

export const projectDraftKey = (project?: Project) => (project ? `project:${project.id}` : "project:new");

/** The add form (no project) or the edit form, in their dialog (docs/product.md §2.10, §4.9, §5). */
export function ProjectForm({ project }: { project?: Project }) {
  const { t, language } = useI18n();
  const id = useId();
  const currentUrl = project?.image_url ?? null;
  const editor = useEditorForm<ProjectValues>({
    kind: "projects",
    editing: Boolean(project),
    defaultValues: valuesOf(project),
    draftKey: projectDraftKey(project),
    resolver: schemaResolver({
      schema: ProjectInputSchema,
      language,
      toBody: (values) => bodyOf(values, currentUrl),
      fieldOf: topField,
    }),
    toInput: (values) => bodyOf(values, currentUrl),
  });
  const { register, formState } = editor.form;
  const error = (name: keyof ProjectValues) => formState.errors[name]?.message;
  const text = (name: Exclude<keyof ProjectValues, keyof ImageValues | "featured">) => ({
    id: `${id}-${name}`,
    field: register(name),
    error: error(name),
  });

  return (
    <EditorDialog kind="projects" editing={Boolean(project)} editor={editor}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label={t("admin.projects.title")} dir="auto" {...text("title")} />
        <TextInput
          label={t("admin.projects.titleAr")}
          hint={t("admin.projects.arabicHint")}
          dir="rtl"
          lang="ar"
          {...text("title_ar")}
        />
        <TextArea label={t("admin.projects.description")} rows={4} dir="auto" {...text("description")} />
        <TextArea
          label={t("admin.projects.descriptionAr")}
          rows={4}
          dir="rtl"
          lang="ar"
          {...text("description_ar")}
        />
        <TextInput label={t("admin.projects.category")} dir="auto" {...text("category")} />
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
      <CheckboxField
        id={`${id}-featured`}
        label={t("admin.projects.featured")}
        hint={t("admin.projects.featuredHint")}
        field={register("featured")}
      />
      <AddressFields<ProjectValues> id={id} kind="projects" />
    </EditorDialog>
  );
}
