import { useId, useState, type FormEvent } from "react";
import { parseTags } from "#core/projects.ts";
import type { Project } from "#db/records.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { SubmitButton, TextArea, TextInput } from "./form-controls.tsx";
import { ImageField } from "./image-field.tsx";
import { saveWithImage } from "./save-with-image.ts";
import { useContentForm } from "./use-content-form.tsx";

interface ProjectValues {
  title: string;
  description: string;
  category: string;
  github_link: string;
  live_link: string;
  tags: string;
}

const EMPTY: ProjectValues = {
  title: "",
  description: "",
  category: "",
  github_link: "",
  live_link: "",
  tags: "",
};

function valuesOf(project: Project | undefined): ProjectValues {
  if (!project) return EMPTY;
  return {
    title: project.title,
    description: project.description,
    category: project.category,
    github_link: project.github_link ?? "",
    live_link: project.live_link ?? "",
    tags: project.tags.join(", "),
  };
}

export function projectDraftKey(project?: Project) {
  return project ? `project:${project.id}` : "project:new";
}

/** The add form (no project) or the edit form in the dialog (docs/product.md §2, §4, §5). */
export function ProjectForm({ project, onSaved }: { project?: Project; onSaved: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const [initial] = useState(() => valuesOf(project));
  const form = useContentForm({
    empty: EMPTY,
    initial,
    draftKey: projectDraftKey(project),
    adding: !project,
  });
  const { values, errors } = form;

  const set = (field: keyof ProjectValues) => (event: { target: { value: string } }) =>
    form.setField(field, event.target.value);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (values.title.trim() === "") {
      const message = t("errors.projectTitleRequired");
      form.showIssues([{ path: "title", message }]);
      toast({ title: t("errors.validation"), description: message, variant: "destructive" });
      return;
    }
    const body = {
      title: values.title,
      description: values.description,
      category: values.category,
      github_link: values.github_link,
      live_link: values.live_link,
      tags: parseTags(values.tags),
    };
    const run = () =>
      saveWithImage({
        t,
        file: form.file,
        folder: "projects",
        currentUrl: project?.image_url ?? null,
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
      <TextInput
        id={`${id}-title`}
        label={t("admin.projects.title")}
        value={values.title}
        onChange={set("title")}
        error={errors.title}
        dir="auto"
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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id={`${id}-category`}
          label={t("admin.projects.category")}
          value={values.category}
          onChange={set("category")}
          error={errors.category}
          dir="auto"
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
