import { useFormContext, useWatch } from "react-hook-form";
import { ImageField } from "#app/features/admin/forms/image-field.tsx";
import type { ImageValues } from "./editor-form.ts";

/** The image of a project or an article form (docs/product.md §5.12), inside the form's FormProvider. */
export function ContentImage({
  id,
  label,
  currentUrl,
}: {
  id: string;
  label: string;
  currentUrl: string | null;
}) {
  const { register, setValue, control, formState } = useFormContext<ImageValues>();
  const [file, removed] = useWatch({ control, name: ["file", "image_removed"] });
  const { errors } = formState;
  return (
    <ImageField
      id={id}
      label={label}
      file={file}
      onFileChange={(chosen) =>
        setValue("file", chosen, { shouldDirty: true, shouldValidate: formState.isSubmitted })
      }
      currentUrl={currentUrl}
      error={errors.file?.message}
      removed={removed}
      onRemovedChange={(value) => setValue("image_removed", value, { shouldDirty: true })}
      alt={{
        en: register("image_alt_en"),
        ar: register("image_alt_ar"),
        errors: { en: errors.image_alt_en?.message, ar: errors.image_alt_ar?.message },
      }}
    />
  );
}
