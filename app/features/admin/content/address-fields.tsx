import { useFormContext, useWatch, type FieldValues, type Path } from "react-hook-form";
import { readableAddress } from "#core/readable-address.ts";
import { arabicSlug, itemPath } from "#core/slugs.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { TextArea, TextInput } from "#app/features/admin/forms/form-controls.tsx";
import { ImageField } from "#app/features/admin/forms/image-field.tsx";

// An item's address and its search and share texts and share image per language (decision 015), in the
// article and project forms: each slug with a preview of the address it makes, the meta title, description and
// share image beside each other.

type Lang = "en" | "ar";

export interface AddressValues {
  slug_en: string;
  slug_ar: string;
  meta_title_en: string;
  meta_title_ar: string;
  meta_description_en: string;
  meta_description_ar: string;
  /** A picture chosen as the share image of each language, uploaded by the save. */
  share_image_en: File | null;
  share_image_ar: File | null;
  /** The saved share image goes at the next save. */
  share_removed_en: boolean;
  share_removed_ar: boolean;
}

/** The share images an item has now, by language. */
export type ShareImages = Record<Lang, string | null>;

const LANGS = ["en", "ar"] as const;

export function AddressFields<Values extends FieldValues & AddressValues>({
  id,
  kind,
  shareImages,
}: {
  id: string;
  kind: "articles" | "projects";
  shareImages: ShareImages;
}) {
  const { t } = useI18n();
  const { register, control, formState, setValue } = useFormContext<Values>();
  const errors = formState.errors as Partial<Record<keyof AddressValues, { message?: string }>>;
  const [fileEn, fileAr, removedEn, removedAr] = useWatch({
    control,
    name: ["share_image_en", "share_image_ar", "share_removed_en", "share_removed_ar"] as Path<Values>[],
  }) as unknown as [File | null, File | null, boolean, boolean];
  const shares = { en: { file: fileEn, removed: removedEn }, ar: { file: fileAr, removed: removedAr } };
  const slugs = useWatch({ control, name: ["slug_en", "slug_ar"] as Path<Values>[] }) as string[];
  const preview = (lang: "en" | "ar") => {
    const typed = slugs[lang === "en" ? 0 : 1] ?? "";
    // The owner's slug as the server keeps it: letters of either language (core/slugs.ts).
    const slug = arabicSlug(typed);
    // Read as words (Arabic letters), isolated left to right (Unicode LRI…PDI) so its slashes stay in place.
    return slug
      ? t("admin.addresses.preview", {
          address: `\u2066${readableAddress(itemPath(kind, { en: slug, ar: slug }, lang))}\u2069`,
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
            <output htmlFor={`${id}-slug-${lang}`} className="text-xs text-muted-foreground">
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
          {LANGS.map((lang) => (
            <ImageField
              key={`share-${lang}`}
              id={`${id}-share-image-${lang}`}
              label={t(lang === "en" ? "admin.addresses.shareImageEn" : "admin.addresses.shareImageAr")}
              hint={t("admin.addresses.shareImageHint")}
              file={shares[lang].file}
              onFileChange={(chosen) =>
                setValue(`share_image_${lang}` as Path<Values>, chosen as Values[Path<Values>], {
                  shouldDirty: true,
                  shouldValidate: formState.isSubmitted,
                })
              }
              currentUrl={shareImages[lang]}
              error={errors[`share_image_${lang}`]?.message}
              removed={shares[lang].removed}
              onRemovedChange={(removed) =>
                setValue(`share_removed_${lang}` as Path<Values>, removed as Values[Path<Values>], {
                  shouldDirty: true,
                })
              }
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** The form values of an item's addresses and meta texts; no share image chosen or removed yet. */
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
    share_image_en: null,
    share_image_ar: null,
    share_removed_en: false,
    share_removed_ar: false,
  };
}

/** The share images an item has now. */
export const shareImagesOf = (
  item: { share_image_en: string | null; share_image_ar: string | null } | undefined,
) => ({
  en: item?.share_image_en ?? null,
  ar: item?.share_image_ar ?? null,
});

/** A share image in the body: the saved one's URL, the chosen file's name until the save uploads it, or null. */
function shareImageBody(file: File | null, removed: boolean, current: string | null): string | null {
  return file instanceof File ? file.name : removed ? null : current;
}

/** The fields of the API's body for them (db/inputs.ts). */
export const addressBody = (values: AddressValues, shareImages: ShareImages) => ({
  slug_en: values.slug_en,
  slug_ar: values.slug_ar,
  meta_title_en: values.meta_title_en,
  meta_title_ar: values.meta_title_ar,
  meta_description_en: values.meta_description_en,
  meta_description_ar: values.meta_description_ar,
  share_image_en: shareImageBody(values.share_image_en, values.share_removed_en, shareImages.en),
  share_image_ar: shareImageBody(values.share_image_ar, values.share_removed_ar, shareImages.ar),
});

/** The share images the save uploads, by the body's field they go to. */
export const shareImageFiles = (values: AddressValues) => ({
  share_image_en: values.share_image_en instanceof File ? values.share_image_en : null,
  share_image_ar: values.share_image_ar instanceof File ? values.share_image_ar : null,
});
