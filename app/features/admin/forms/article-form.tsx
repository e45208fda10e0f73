import { useCallback, useId, useState, type FormEvent } from "react";
import { buildArticleTitles } from "#core/article-rules.ts";
import { apiErrorText } from "#core/api-errors.ts";
import { fromZonedInput, toZonedInput } from "#core/dates.ts";
import { parseTags } from "#core/projects.ts";
import type { ArticleStatus, OwnerArticle } from "#db/records.ts";
import { useSite } from "#app/lib/site.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { RichTextEditor } from "#app/features/admin/editor/rich-text-editor.tsx";
import { SubmitButton, TextArea, TextInput } from "./form-controls.tsx";
import { ImageField } from "./image-field.tsx";
import { imageState, imageValuesOf, NO_IMAGE_VALUES, type ImageValues } from "./image-state.ts";
import { saveWithImage } from "./save-with-image.ts";
import { useContentForm } from "./use-content-form.tsx";

interface ArticleValues extends ImageValues {
  title_en: string;
  title_ar: string;
  content_en: string;
  content_ar: string;
  status: ArticleStatus;
  /** A `datetime-local` value on the owner's wall clock (docs/product.md §18). */
  publish_at: string;
  summary_en: string;
  summary_ar: string;
  tags_en: string;
  tags_ar: string;
}

type Article = OwnerArticle;

const EMPTY: ArticleValues = {
  title_en: "",
  title_ar: "",
  content_en: "",
  content_ar: "",
  status: "draft",
  publish_at: "",
  summary_en: "",
  summary_ar: "",
  tags_en: "",
  tags_ar: "",
  ...NO_IMAGE_VALUES,
};

function valuesOf(article: Article | undefined, timeZone: string): ArticleValues {
  if (!article) return EMPTY;
  const { title_en, title_ar, content_en, content_ar, summary_en, summary_ar } = article;
  return {
    title_en,
    title_ar,
    content_en,
    content_ar,
    summary_en,
    summary_ar,
    status: article.status,
    publish_at: article.publish_at ? toZonedInput(article.publish_at, timeZone) : "",
    tags_en: article.tags.map((tag) => tag.en).join(", "),
    tags_ar: article.tags.map((tag) => tag.ar).join(", "),
    ...imageValuesOf(article),
  };
}

/** The English and Arabic tag lists, paired in order; a missing Arabic name falls back to the English. */
function tagsOf(values: ArticleValues) {
  const arabic = parseTags(values.tags_ar);
  return parseTags(values.tags_en).map((en, index) => ({ en, ar: arabic[index] ?? "" }));
}

export function articleDraftKey(article?: Article) {
  return article ? `article:${article.id}` : "article:new";
}

/** The add form (no article) or the edit form in the dialog; the server derives slug, excerpts and date. */
export function ArticleForm({ article, onSaved }: { article?: Article; onSaved: () => void }) {
  const { t, language } = useI18n();
  const { timeZone } = useSite();
  const id = useId();
  const [initial] = useState(() => valuesOf(article, timeZone));
  const form = useContentForm({
    empty: EMPTY,
    initial,
    draftKey: articleDraftKey(article),
    adding: !article,
  });
  const { values, errors, setField } = form;
  const image = imageState(form, article?.image_url ?? null, language);
  const showError = useCallback(
    (message: string) =>
      toast({ title: t("errors.validation"), description: message, variant: "destructive" }),
    [t],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const publishAt = values.status === "scheduled" ? fromZonedInput(values.publish_at, timeZone) : null;
    const issues = [
      ...(buildArticleTitles(values)
        ? []
        : [{ path: "title_en", message: t("errors.articleTitleRequired") }]),
      ...(values.status === "scheduled" && !publishAt
        ? [{ path: "publish_at", message: apiErrorText(language, "publishAtRequired") }]
        : []),
      ...image.missingAlt,
    ];
    if (issues.length > 0) {
      form.showIssues(issues);
      toast({ title: t("errors.validation"), description: issues[0]!.message, variant: "destructive" });
      return;
    }
    const { title_en, title_ar, content_en, content_ar, summary_en, summary_ar, status } = values;
    const body = {
      title_en,
      title_ar,
      content_en,
      content_ar,
      summary_en,
      summary_ar,
      status,
      publish_at: publishAt ? publishAt.toISOString() : null,
      tags: tagsOf(values),
      ...image.body,
    };
    const run = () =>
      saveWithImage({
        t,
        file: form.file,
        folder: "articles",
        currentUrl: image.keptUrl,
        onProgress: form.setProgress,
        errorTitleKey: article ? "errors.updateArticle" : "errors.addArticle",
        onIssues: form.showIssues,
        save: (image_url) =>
          article
            ? call(() =>
                api.articles[":id"].$put({ param: { id: article.id }, json: { ...body, image_url } }),
              )
            : call(() => api.articles.$post({ json: { ...body, image_url } })),
      });
    await form.save(run, article ? "admin.articles.updated" : "admin.articles.added", onSaved);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {form.draftBanner}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id={`${id}-title-en`}
          label={t("admin.articles.titleEn")}
          value={values.title_en}
          onChange={(event) => setField("title_en", event.target.value)}
          error={errors.title_en}
          dir="ltr"
          lang="en"
        />
        <TextInput
          id={`${id}-title-ar`}
          label={t("admin.articles.titleAr")}
          value={values.title_ar}
          onChange={(event) => setField("title_ar", event.target.value)}
          error={errors.title_ar}
          dir="rtl"
          lang="ar"
        />
      </div>
      <ImageField
        id={`${id}-image`}
        label={t("admin.articles.image")}
        file={form.file}
        onFileChange={form.setFile}
        currentUrl={article?.image_url ?? null}
        progress={form.progress}
        error={errors.image_url}
        {...image.fieldProps}
      />
      <RichTextEditor
        id={`${id}-content-en`}
        label={t("admin.articles.contentEn")}
        value={values.content_en}
        onChange={(html) => setField("content_en", html)}
        error={errors.content_en}
        dir="ltr"
        lang="en"
        height={300}
        onError={showError}
      />
      <RichTextEditor
        id={`${id}-content-ar`}
        label={t("admin.articles.contentAr")}
        value={values.content_ar}
        onChange={(html) => setField("content_ar", html)}
        error={errors.content_ar}
        dir="rtl"
        lang="ar"
        height={300}
        onError={showError}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextArea
          id={`${id}-summary-en`}
          label={t("admin.articles.summaryEn")}
          value={values.summary_en}
          onChange={(event) => setField("summary_en", event.target.value)}
          error={errors.summary_en}
          rows={2}
          maxLength={300}
          dir="ltr"
          lang="en"
        />
        <TextArea
          id={`${id}-summary-ar`}
          label={t("admin.articles.summaryAr")}
          value={values.summary_ar}
          onChange={(event) => setField("summary_ar", event.target.value)}
          error={errors.summary_ar}
          rows={2}
          maxLength={300}
          dir="rtl"
          lang="ar"
        />
        <p className="text-xs text-muted-foreground sm:col-span-2">{t("admin.articles.summaryHint")}</p>
        <TextInput
          id={`${id}-tags-en`}
          label={t("admin.articles.tagsEn")}
          hint={t("admin.articles.tagsHint")}
          value={values.tags_en}
          onChange={(event) => setField("tags_en", event.target.value)}
          error={errors.tags}
          dir="ltr"
          lang="en"
        />
        <TextInput
          id={`${id}-tags-ar`}
          label={t("admin.articles.tagsAr")}
          value={values.tags_ar}
          onChange={(event) => setField("tags_ar", event.target.value)}
          dir="rtl"
          lang="ar"
        />
      </div>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{t("admin.articles.status")}</legend>
        {(["draft", "published", "scheduled"] as const).map((status) => (
          <label key={status} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-status`}
              value={status}
              checked={values.status === status}
              onChange={() => setField("status", status)}
              className="size-4 accent-primary"
            />
            {t(
              status === "draft"
                ? "admin.articles.statusDraft"
                : status === "published"
                  ? "admin.articles.statusPublished"
                  : "admin.articles.statusScheduled",
            )}
          </label>
        ))}
        {values.status === "scheduled" ? (
          <TextInput
            id={`${id}-publish-at`}
            label={t("admin.articles.publishAt")}
            hint={t("admin.articles.publishAtHint", { zone: timeZone })}
            type="datetime-local"
            value={values.publish_at}
            onChange={(event) => setField("publish_at", event.target.value)}
            error={errors.publish_at}
            dir="ltr"
          />
        ) : null}
      </fieldset>
      <div>
        <SubmitButton
          busy={form.busy}
          label={t(article ? "admin.articles.save" : "admin.articles.add")}
          busyLabel={t("admin.processing")}
        />
      </div>
    </form>
  );
}
