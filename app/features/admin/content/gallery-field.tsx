import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from "lucide-react";
import { useCallback } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { useI18n } from "#app/lib/i18n.ts";
import { FieldError, TextInput } from "#app/features/admin/forms/form-controls.tsx";

// A project's gallery in its form (docs/product.md §28.3): the images in their order, each with its descriptions,
// moved up and down by buttons (a keyboard reaches them like any other), removed, or added from files that the save
// uploads.

/** One image of the gallery in the form: a stored one (`url`) or a file chosen now (`file`). */
export interface GalleryValue {
  url: string;
  file: File | null;
  alt_en: string;
  alt_ar: string;
}

const ACCEPTED_TYPES = "image/png,image/jpeg,image/webp,image/gif";
const iconButton =
  "rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-30 disabled:hover:bg-transparent";

/** The thumbnail of a stored image, or of a chosen file while it lives (React 19 ref cleanup). */
function Thumbnail({ value }: { value: GalleryValue }) {
  const { file } = value;
  const preview = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || !(file instanceof File)) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return (
    <img
      ref={preview}
      src={file instanceof File ? undefined : value.url || undefined}
      alt=""
      className="size-20 shrink-0 rounded-lg bg-muted object-cover"
    />
  );
}

export function GalleryField({ id }: { id: string }) {
  const { t } = useI18n();
  const { control, register, formState } = useFormContext<{ gallery: GalleryValue[] }>();
  const { fields, append, remove, swap } = useFieldArray({ control, name: "gallery" });
  const errors = formState.errors.gallery;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{t("admin.projects.gallery")}</legend>
      <p className="text-xs text-muted-foreground">{t("admin.projects.galleryHint")}</p>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const number = index + 1;
          const error = errors?.[index];
          return (
            <li
              key={field.id}
              className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row"
            >
              <Thumbnail value={field} />
              <div className="grid flex-1 gap-3 sm:grid-cols-2">
                <TextInput
                  id={`${id}-${field.id}-en`}
                  label={t("admin.projects.galleryAltEn", { number })}
                  field={register(`gallery.${index}.alt_en`)}
                  error={error?.alt_en?.message}
                  dir="ltr"
                  lang="en"
                />
                <TextInput
                  id={`${id}-${field.id}-ar`}
                  label={t("admin.projects.galleryAltAr", { number })}
                  field={register(`gallery.${index}.alt_ar`)}
                  error={error?.alt_ar?.message}
                  dir="rtl"
                  lang="ar"
                />
                <FieldError id={`${id}-${field.id}-url`} error={error?.url?.message} />
              </div>
              <div className="flex shrink-0 items-start gap-1">
                <button
                  type="button"
                  className={iconButton}
                  disabled={index === 0}
                  onClick={() => swap(index, index - 1)}
                  aria-label={t("admin.projects.galleryUp", { number })}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={index === fields.length - 1}
                  onClick={() => swap(index, index + 1)}
                  aria-label={t("admin.projects.galleryDown", { number })}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  onClick={() => remove(index)}
                  aria-label={t("admin.projects.galleryRemove", { number })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <label className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border border-border px-4 py-2 text-sm font-medium hover:bg-muted focus-within:ring-2 focus-within:ring-primary/30">
        <ImagePlus aria-hidden="true" className="size-4" />
        {t("admin.projects.galleryAdd")}
        <input
          type="file"
          multiple
          accept={ACCEPTED_TYPES}
          className="sr-only"
          onChange={(event) => {
            for (const file of event.target.files ?? [])
              append({ url: "", file, alt_en: "", alt_ar: "" }, { shouldFocus: false });
            event.target.value = "";
          }}
        />
      </label>
      <FieldError id={`${id}-gallery`} error={errors?.message ?? errors?.root?.message} />
    </fieldset>
  );
}
