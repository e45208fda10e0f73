import { lazy, Suspense } from "react";
import { Controller, useFormContext, type FieldValues, type Path } from "react-hook-form";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";

// The rich-text editor (TipTap, ProseMirror, highlighting) is most of the admin's code: it loads when a form that
// has one opens (an article's, a project's case study), never before (decision 009).
const RichTextEditor = lazy(() =>
  import("#app/features/admin/editor/rich-text-editor.tsx").then((module) => ({
    default: module.RichTextEditor,
  })),
);

const HEIGHTS = { 300: "h-[300px]", 200: "h-[200px]" } as const;

/** One language of a rich text of the form, in the articles' editor (docs/product.md §10.1). */
export function RichTextField<Values extends FieldValues>({
  id,
  name,
  label,
  lang,
  height,
}: {
  id: string;
  name: Path<Values>;
  label: string;
  lang: "en" | "ar";
  height: keyof typeof HEIGHTS;
}) {
  const { t } = useI18n();
  const { control, getFieldState, formState } = useFormContext<Values>();
  return (
    <Suspense
      fallback={
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-semibold">{label}</span>
          <Spinner className={`${HEIGHTS[height]} rounded-md border border-border`} />
        </div>
      }
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            id={id}
            label={label}
            value={field.value}
            onChange={field.onChange}
            error={getFieldState(name, formState).error?.message}
            dir={lang === "en" ? "ltr" : "rtl"}
            lang={lang}
            height={height}
            onError={(message) =>
              toast({ title: t("errors.validation"), description: message, variant: "destructive" })
            }
          />
        )}
      />
    </Suspense>
  );
}
