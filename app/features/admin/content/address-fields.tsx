import { useFormContext, useWatch, type FieldValues, type Path } from "react-hook-form";
import { arabicSlug, itemPath } from "#core/slugs.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { TextArea, TextInput } from "#app/features/admin/forms/form-controls.tsx";

// An item's address and its search and share texts per language (decisions 043, 044), in the article and project
// forms: each slug with a preview of the address it makes, the meta title and description beside each other.

export interface AddressValues {
  slug_en: string;
  slug_ar: string;
  meta_title_en: string;
  meta_title_ar: string;
  meta_description_en: string;
  meta_description_ar: string;
}

const LANGS = ["en", "ar"] as const;

export function AddressFields<Values extends FieldValues & AddressValues>({
  id,
  kind,
}: {
  id: string;
  kind: "articles" | "projects";
}) {
  const { t } = useI18n();
  const { register, control, formState } = useFormContext<Values>();
  const errors = formState.errors as Partial<Record<keyof AddressValues, { message?: string }>>;
  const slugs = useWatch({ control, name: ["slug_en", "slug_ar"] as Path<Values>[] }) as string[];
  const preview = (lang: "en" | "ar") => {
    const typed = slugs[lang === "en" ? 0 : 1] ?? "";
    // The owner's slug as the server keeps it: letters of either language (core/slugs.ts).
    const slug = arabicSlug(typed);
    return slug
      ? t("admin.addresses.preview", {
          address: decodeURIComponent(itemPath(kind, { en: slug, ar: slug }, lang)),
        })
      : t("admin.addresses.preview", { address: t("admin.addresses.fromTitle") });
  };
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {LANGS.map((lang) => (
          <div key={lang} className="flex flex-col gap-1">
            <TextInput
              id={`${id}-slug-${lang}`}
              label={t(lang === "en" ? "admin.addresses.slugEn" : "admin.addresses.slugAr")}
              hint={t("admin.addresses.slugHint")}
              field={register(`slug_${lang}` as Path<Values>)}
              error={errors[`slug_${lang}`]?.message}
              maxLength={200}
              dir={lang === "en" ? "ltr" : "rtl"}
              lang={lang}
            />
            <output htmlFor={`${id}-slug-${lang}`} dir="auto" className="text-xs text-muted-foreground">
              {preview(lang)}
            </output>
          </div>
        ))}
      </div>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{t("admin.addresses.meta")}</legend>
        <p className="text-xs text-muted-foreground">{t("admin.addresses.metaHint")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {LANGS.map((lang) => (
            <TextInput
              key={`title-${lang}`}
              id={`${id}-meta-title-${lang}`}
              label={t(lang === "en" ? "admin.addresses.metaTitleEn" : "admin.addresses.metaTitleAr")}
              field={register(`meta_title_${lang}` as Path<Values>)}
              error={errors[`meta_title_${lang}`]?.message}
              maxLength={120}
              dir={lang === "en" ? "ltr" : "rtl"}
              lang={lang}
            />
          ))}
          {LANGS.map((lang) => (
            <TextArea
              key={`description-${lang}`}
              id={`${id}-meta-description-${lang}`}
              label={t(
                lang === "en" ? "admin.addresses.metaDescriptionEn" : "admin.addresses.metaDescriptionAr",
              )}
              field={register(`meta_description_${lang}` as Path<Values>)}
              error={errors[`meta_description_${lang}`]?.message}
              rows={2}
              maxLength={300}
              dir={lang === "en" ? "ltr" : "rtl"}
              lang={lang}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** The form values of an item's addresses and meta texts. */
export function addressValuesOf(
  item:
    | (Record<`meta_title_${"en" | "ar"}` | `meta_description_${"en" | "ar"}` | "slug_ar", string> & {
        slug_en?: string;
        slug?: string;
      })
    | undefined,
): AddressValues {
  return {
    slug_en: item?.slug_en ?? item?.slug ?? "",
    slug_ar: item?.slug_ar ?? "",
    meta_title_en: item?.meta_title_en ?? "",
    meta_title_ar: item?.meta_title_ar ?? "",
    meta_description_en: item?.meta_description_en ?? "",
    meta_description_ar: item?.meta_description_ar ?? "",
  };
}

/** The fields of the API's body for them (db/inputs.ts). */
export const addressBody = (values: AddressValues): AddressValues => ({
  slug_en: values.slug_en,
  slug_ar: values.slug_ar,
  meta_title_en: values.meta_title_en,
  meta_title_ar: values.meta_title_ar,
  meta_description_en: values.meta_description_en,
  meta_description_ar: values.meta_description_ar,
});
