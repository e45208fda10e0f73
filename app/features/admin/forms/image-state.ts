import { apiErrorText } from "#core/api-errors.ts";
import type { Language } from "#core/preferences.ts";
import type { FieldIssue } from "#app/features/admin/api/client.ts";
import type { ImageFieldProps } from "./image-field.tsx";
import type { useContentForm } from "./use-content-form.tsx";

/** What a form with an image keeps beside its other values (and in its draft). */
export interface ImageValues {
  image_alt_en: string;
  image_alt_ar: string;
  /** The saved image goes at the next save. */
  image_removed: boolean;
}

export const NO_IMAGE_VALUES: ImageValues = { image_alt_en: "", image_alt_ar: "", image_removed: false };

export function imageValuesOf(row: { image_alt_en: string; image_alt_ar: string } | undefined): ImageValues {
  return row
    ? { image_alt_en: row.image_alt_en, image_alt_ar: row.image_alt_ar, image_removed: false }
    : NO_IMAGE_VALUES;
}

/**
 * The image part of a project or article form (docs/product.md §5): the ImageField's remove and alt-text props,
 * the descriptions that are still missing (checked before anything is uploaded, with the server's own words),
 * and what the saved row sends.
 */
export function imageState<V extends ImageValues>(
  form: ReturnType<typeof useContentForm<V>>,
  currentUrl: string | null,
  language: Language,
) {
  const { values } = form;
  const hasImage = form.file !== null || (currentUrl !== null && !values.image_removed);
  const fieldProps: Pick<ImageFieldProps, "removed" | "onRemovedChange" | "alt"> = {
    removed: values.image_removed,
    onRemovedChange: (removed) => form.setField("image_removed", removed as V["image_removed"]),
    alt: {
      en: values.image_alt_en,
      ar: values.image_alt_ar,
      onChange: (lang, value) =>
        form.setField(lang === "en" ? "image_alt_en" : "image_alt_ar", value as V["image_alt_en"]),
      errors: { en: form.errors.image_alt_en, ar: form.errors.image_alt_ar },
    },
  };
  const missingAlt: FieldIssue[] = hasImage
    ? [
        ...(values.image_alt_en.trim() === ""
          ? [{ path: "image_alt_en", message: apiErrorText(language, "imageAltRequiredEn") }]
          : []),
        ...(values.image_alt_ar.trim() === ""
          ? [{ path: "image_alt_ar", message: apiErrorText(language, "imageAltRequiredAr") }]
          : []),
      ]
    : [];
  return {
    fieldProps,
    missingAlt,
    /** The saved image's URL to keep, or null when the owner removed it. */
    keptUrl: values.image_removed ? null : currentUrl,
    body: { image_alt_en: values.image_alt_en, image_alt_ar: values.image_alt_ar },
  };
}
