import { useCallback, useId, useState, type FormEvent } from "react";
import { buildArticleTitles } from "#core/article-rules.ts";
import type { Article } from "#db/records.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { RichTextEditor } from "#app/features/admin/editor/rich-text-editor.tsx";
import { SubmitButton, TextInput } from "./form-controls.tsx";
import { ImageField } from "./image-field.tsx";
import { imageState, imageValuesOf, NO_IMAGE_VALUES, type ImageValues } from "./image-state.ts";
import { saveWithImage } from "./save-with-image.ts";
import { useContentForm } from "./use-content-form.tsx";

interface ArticleValues extends ImageValues {
  title_en: string;
  title_ar: string;
  content_en: string;
  content_ar: string;
}

const EMPTY: ArticleValues = {
  title_en: "",
  title_ar: "",
  content_en: "",
  content_ar: "",
  ...NO_IMAGE_VALUES,
};

function valuesOf(article: Article | undefined): ArticleValues {
  if (!article) return EMPTY;
  const { title_en, title_ar, content_en, content_ar } = article;
  return { title_en, title_ar, content_en, content_ar, ...imageValuesOf(article) };
}

export function articleDraftKey(article?: Article) {
  return article ? `article:${article.id}` : "article:new";
}

/** The add form (no article) or the edit form in the dialog; the server derives slug, excerpts and date. */
export function ArticleForm({ article, onSaved }: { article?: Article; onSaved: () => void }) {
  const { t, language } = useI18n();
  const id = useId();
  const [initial] = useState(() => valuesOf(article));
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
    const issues = [
      ...(buildArticleTitles(values)
        ? []
        : [{ path: "title_en", message: t("errors.articleTitleRequired") }]),
      ...image.missingAlt,
    ];
    if (issues.length > 0) {
      form.showIssues(issues);
      toast({ title: t("errors.validation"), description: issues[0]!.message, variant: "destructive" });
      return;
    }
    const { title_en, title_ar, content_en, content_ar } = values;
    const body = { title_en, title_ar, content_en, content_ar, ...image.body };
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
