import { useId } from "react";
import { ArticleInputSchema } from "#db/inputs.ts";
import { buildArticleTitles } from "#core/article-rules.ts";
import type { OwnerArticle } from "#db/records.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { TextInput } from "#app/features/admin/forms/form-controls.tsx";
import { schemaResolver } from "#app/features/admin/forms/schema-resolver.ts";
import { AddressFields, shareImageFiles, shareImagesOf } from "./address-fields.tsx";
import { TranslationPanel } from "./translation-note.tsx";
import { ArticleDetails } from "./article-details.tsx";
import { ContentImage } from "./content-image.tsx";
import { EditorDialog } from "./editor-dialog.tsx";
import { RichTextField } from "./rich-text-field.tsx";
import { articleDraftKey, articleField, bodyOf, valuesOf, type ArticleValues } from "./article-values.ts";
import { useEditorForm } from "./editor-form.ts";

/** The add form (no article) or the edit form, in their dialog; the server derives slug, excerpts and date. */
export function ArticleForm({ article }: { article?: OwnerArticle }) {
  const { t, language } = useI18n();
  const { timeZone } = useSite();
  const id = useId();
  const currentUrl = article?.image_url ?? null;
  const shareImages = shareImagesOf(article);
  const editor = useEditorForm<ArticleValues>({
    kind: "articles",
    editing: Boolean(article),
    defaultValues: valuesOf(article, timeZone),
    draftKey: articleDraftKey(article),
    resolver: schemaResolver({
      schema: ArticleInputSchema,
      language,
      toBody: (values) => bodyOf(values, currentUrl, shareImages, timeZone),
      fieldOf: articleField,
      // The server's rule beside the schema (docs/product.md §5.4), core/article-rules.ts.
      rules: (values) =>
        buildArticleTitles(values) ? [] : [{ path: ["title_en"], message: "articleTitleRequired" }],
    }),
    toInput: (values) => bodyOf(values, currentUrl, shareImages, timeZone),
    files: (values) => ({ image: values.file, ...shareImageFiles(values) }),
    fieldOf: articleField,
  });
  const { register, formState } = editor.form;

  return (
    <EditorDialog kind="articles" editing={Boolean(article)} editor={editor}>
      <div className="grid gap-4 sm:grid-cols-2">
        {(["en", "ar"] as const).map((lang) => (
          <TextInput
            key={lang}
            id={`${id}-title-${lang}`}
            label={t(lang === "en" ? "admin.articles.titleEn" : "admin.articles.titleAr")}
            field={register(`title_${lang}`)}
            error={formState.errors[`title_${lang}`]?.message}
            dir={lang === "en" ? "ltr" : "rtl"}
            lang={lang}
          />
        ))}
      </div>
      {article ? <TranslationPanel item={article} /> : null}
      <ContentImage id={`${id}-image`} label={t("admin.articles.image")} currentUrl={currentUrl} />
      <ContentEditor id={`${id}-content-en`} lang="en" />
      <ContentEditor id={`${id}-content-ar`} lang="ar" />
      <ArticleDetails id={id} />
      <AddressFields<ArticleValues> id={id} kind="articles" shareImages={shareImages} />
    </EditorDialog>
  );
}

/** One language's content in the rich-text editor, 300 px high (docs/product.md §10.1). */
function ContentEditor({ id, lang }: { id: string; lang: "en" | "ar" }) {
  const { t } = useI18n();
  return (
    <RichTextField<ArticleValues>
      id={id}
      name={`content_${lang}`}
      label={t(lang === "en" ? "admin.articles.contentEn" : "admin.articles.contentAr")}
      lang={lang}
      height={300}
    />
  );
}
