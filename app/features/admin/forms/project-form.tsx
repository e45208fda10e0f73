import { useId, useState, type FormEvent } from "react";
import { parseTags } from "#core/projects.ts";
import type { Project } from "#db/records.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { CheckboxField, SubmitButton, TextArea, TextInput } from "./form-controls.tsx";
import { ImageField } from "./image-field.tsx";
import { imageState, imageValuesOf, NO_IMAGE_VALUES, type ImageValues } from "./image-state.ts";
import { saveWithImage } from "./save-with-image.ts";
import { useContentForm } from "./use-content-form.tsx";

interface ProjectValues extends ImageValues {
  title: string;
  description: string;
  category: string;
  title_ar: string;
  description_ar: string;
  category_ar: string;
  github_link: string;
  live_link: string;
  tags: string;
  featured: boolean;
}

const EMPTY: ProjectValues = {
  title: "",
  description: "",
  category: "",
  title_ar: "",
  description_ar: "",
  category_ar: "",
  github_link: "",
  live_link: "",
  tags: "",
  featured: false,
  ...NO_IMAGE_VALUES,
};

function valuesOf(project: Project | undefined): ProjectValues {
  if (!project) return EMPTY;
  return {
    title: project.title,
    description: project.description,
    category: project.category,
    title_ar: project.title_ar,
    description_ar: project.description_ar,
    category_ar: project.category_ar,
    github_link: project.github_link ?? "",
    live_link: project.live_link ?? "",
    tags: project.tags.join(", "),
    featured: project.featured,
    ...imageValuesOf(project),
  };
}

export function projectDraftKey(project?: Project) {
  return project ? `project:${project.id}` : "project:new";
}

/** The add form (no project) or the edit form in the dialog (docs/product.md §2, §4, §5). */
export function ProjectForm({ project, onSaved }: { project?: Project; onSaved: () => void }) {
  const { t, language } = useI18n();
  const id = useId();
  const [initial] = useState(() => valuesOf(project));
  const form = useContentForm({
    empty: EMPTY,
    initial,
    draftKey: projectDraftKey(project),
    adding: !project,
  });
  const { values, errors } = form;
  const image = imageState(form, project?.image_url ?? null, language);

  const set =
    (field: Exclude<keyof ProjectValues, "featured" | "image_removed">) =>
    (event: { target: { value: string } }) =>
      form.setField(field, event.target.value);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const issues = [
      ...(values.title.trim() === "" ? [{ path: "title", message: t("errors.projectTitleRequired") }] : []),
      ...image.missingAlt,
    ];
    if (issues.length > 0) {
      form.showIssues(issues);
      toast({ title: t("errors.validation"), description: issues[0]!.message, variant: "destructive" });
      return;
    }
    const body = {
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
      ...image.body,
    };
    const run = () =>
      saveWithImage({
        t,
        file: form.file,
        folder: "projects",
        currentUrl: image.keptUrl,
        onProgress: form.setProgress,
        errorTitleKey: project ? "errors.updateProject" : "errors.addProject",
        onIssues: form.showIssues,
        save: (image_url) =>
          project
            ? call(() =>
                api.projects[":id"].$put({ param: { id: project.id }, json: { ...body, image_url } }),
              )
            : call(() => api.projects.$post({ json: { ...body, image_url } })),
      });
    await form.save(run, project ? "admin.projects.updated" : "admin.projects.added", onSaved);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate={false}>
      {form.draftBanner}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id={`${id}-title`}
          label={t("admin.projects.title")}
          value={values.title}
          onChange={set("title")}
          error={errors.title}
          dir="auto"
        />
        <TextInput
          id={`${id}-title-ar`}
          label={t("admin.projects.titleAr")}
          hint={t("admin.projects.arabicHint")}
          value={values.title_ar}
          onChange={set("title_ar")}
          error={errors.title_ar}
          dir="rtl"
          lang="ar"
        />
        <TextArea
          id={`${id}-description`}
          label={t("admin.projects.description")}
          value={values.description}
          onChange={set("description")}
          error={errors.description}
          rows={4}
          dir="auto"
        />
        <TextArea
          id={`${id}-description-ar`}
          label={t("admin.projects.descriptionAr")}
          value={values.description_ar}
          onChange={set("description_ar")}
          error={errors.description_ar}
          rows={4}
          dir="rtl"
          lang="ar"
        />
        <TextInput
          id={`${id}-category`}
          label={t("admin.projects.category")}
          value={values.category}
          onChange={set("category")}
          error={errors.category}
          dir="auto"
        />
        <TextInput
          id={`${id}-category-ar`}
          label={t("admin.projects.categoryAr")}
          value={values.category_ar}
          onChange={set("category_ar")}
          error={errors.category_ar}
          dir="rtl"
          lang="ar"
        />
        <TextInput
          id={`${id}-tags`}
          label={t("admin.projects.tags")}
          hint={t("admin.projects.tagsHint")}
          value={values.tags}
          onChange={set("tags")}
          error={errors.tags}
          dir="auto"
        />
        <TextInput
          id={`${id}-github`}
          label={t("admin.projects.github")}
          type="url"
          dir="ltr"
          placeholder="https://github.com/…"
          value={values.github_link}
          onChange={set("github_link")}
          error={errors.github_link}
        />
        <TextInput
          id={`${id}-live`}
          label={t("admin.projects.live")}
          type="url"
          dir="ltr"
          placeholder="https://…"
          value={values.live_link}
          onChange={set("live_link")}
          error={errors.live_link}
        />
      </div>
      <ImageField
        id={`${id}-image`}
        label={t("admin.projects.image")}
        file={form.file}
        onFileChange={form.setFile}
        currentUrl={project?.image_url ?? null}
        progress={form.progress}
        error={errors.image_url}
        {...image.fieldProps}
      />
      <CheckboxField
        id={`${id}-featured`}
        label={t("admin.projects.featured")}
        hint={t("admin.projects.featuredHint")}
        checked={values.featured}
        onChange={(checked) => form.setField("featured", checked)}
      />
      <div>
        <SubmitButton
          busy={form.busy}
          label={t(project ? "admin.projects.save" : "admin.projects.add")}
          busyLabel={t("admin.processing")}
        />
      </div>
    </form>
  );
}
