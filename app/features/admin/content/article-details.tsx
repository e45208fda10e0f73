import { useFormContext, useWatch } from "react-hook-form";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { TextArea, TextInput } from "#app/features/admin/forms/form-controls.tsx";
import type { ArticleValues } from "./article-values.ts";

const STATUS_LABELS = {
  draft: "admin.articles.statusDraft",
  published: "admin.articles.statusPublished",
  scheduled: "admin.articles.statusScheduled",
} as const;

/** An article's excerpts, tags and publication (docs/product.md §18), inside the article form. */
export function ArticleDetails({ id }: { id: string }) {
  const { t } = useI18n();
  const { timeZone } = useSite();
  const { register, control, formState } = useFormContext<ArticleValues>();
  const { errors } = formState;
  const status = useWatch({ control, name: "status" });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {(["en", "ar"] as const).map((lang) => (
          <TextArea
            key={lang}
            id={`${id}-summary-${lang}`}
            label={t(lang === "en" ? "admin.articles.summaryEn" : "admin.articles.summaryAr")}
            field={register(`summary_${lang}`)}
            error={errors[`summary_${lang}`]?.message}
            rows={2}
            maxLength={300}
            dir={lang === "en" ? "ltr" : "rtl"}
            lang={lang}
          />
        ))}
        <p className="text-xs text-muted-foreground sm:col-span-2">{t("admin.articles.summaryHint")}</p>
        <TextInput
          id={`${id}-tags-en`}
          label={t("admin.articles.tagsEn")}
          hint={t("admin.articles.tagsHint")}
          field={register("tags_en")}
          error={errors.tags_en?.message}
          dir="ltr"
          lang="en"
        />
        <TextInput
          id={`${id}-tags-ar`}
          label={t("admin.articles.tagsAr")}
          field={register("tags_ar")}
          dir="rtl"
          lang="ar"
        />
      </div>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{t("admin.articles.status")}</legend>
        {(["draft", "published", "scheduled"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} {...register("status")} className="size-4 accent-primary" />
            {t(STATUS_LABELS[value])}
          </label>
        ))}
        {status === "scheduled" ? (
          <TextInput
            id={`${id}-publish-at`}
            label={t("admin.articles.publishAt")}
            hint={t("admin.articles.publishAtHint", { zone: timeZone })}
            type="datetime-local"
            field={register("publish_at")}
            error={errors.publish_at?.message}
            dir="ltr"
          />
        ) : null}
      </fieldset>
    </>
  );
}
