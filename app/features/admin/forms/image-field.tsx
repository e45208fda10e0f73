import { useCallback, useEffect, useRef, useState } from "react";
import { ImagePlus, Trash2, Undo2, X } from "lucide-react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useI18n } from "#app/lib/i18n.ts";
import { tooLargeRefusal } from "#app/features/admin/api/uploads.ts";
import { FieldError, TextInput } from "./form-controls.tsx";
import { useVariantState } from "./use-variant-state.ts";

/** The formats the server stores (core/images.ts IMAGE_FORMATS); it checks the bytes, this only filters the picker. */
const ACCEPTED_TYPES = "image/png,image/jpeg,image/webp,image/gif";

export interface ImageFieldProps {
  id: string;
  label: string;
  /** What the image is for, said before the formats it may have. */
  hint?: string;
  /** The chosen file, not uploaded yet (the form's save uploads it); null clears the input. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The image saved now, shown while no new file is chosen. */
  currentUrl?: string | null;
  /** The refusal of the image (the server's, for an upload), shown under it. */
  error?: string;
  /** The saved image is to be removed at the next save (docs/product.md §5); with its setter, a "Remove image" button. */
  removed?: boolean;
  onRemovedChange?: (removed: boolean) => void;
  /** What the image shows in each language, asked for whenever there is an image (docs/product.md §5.12). */
  alt?: {
    en: UseFormRegisterReturn;
    ar: UseFormRegisterReturn;
    errors: { en?: string; ar?: string };
  };
}

/** An image input for the admin forms: file picker, preview, "remove selected file", the descriptions. */
export function ImageField({
  id,
  label,
  hint,
  file,
  onFileChange,
  currentUrl,
  error: serverError,
  removed = false,
  onRemovedChange,
  alt,
}: ImageFieldProps) {
  const { t } = useI18n();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  // A file over the limit is refused as it is chosen, never sent (docs/product.md §13.1).
  const [refused, setRefused] = useState<string | null>(null);
  const error = refused ?? serverError;
  const variants = useVariantState(file || removed ? null : currentUrl);

  // A file input cannot be controlled: empty it by hand when the form clears the file.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = "";
  }, [file]);

  // The preview's object URL lives exactly as long as the <img> that shows it (React 19 ref cleanup).
  const previewRef = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || !file) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {/* The browser's own file button speaks the browser's language, not the page's: it stays for forms and
          assistive technology, and a button in the page's language opens it. */}
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={ACCEPTED_TYPES}
        tabIndex={-1}
        aria-describedby={error ? `${hintId} ${id}-error` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0] ?? null;
          const refusal = chosen ? tooLargeRefusal(chosen) : null;
          setRefused(refusal?.message ?? null);
          if (refusal) event.currentTarget.value = "";
          onFileChange(refusal ? null : chosen);
        }}
        className="sr-only"
      />
      <div className="flex items-center gap-3 rounded-md border border-border bg-background p-1.5">
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          aria-label={t("imageField.chooseFor", { label })}
          aria-describedby={error ? `${hintId} ${id}-error` : hintId}
          className="inline-flex shrink-0 items-center gap-2 rounded bg-muted px-3 py-1.5 text-sm font-medium hover:bg-accent"
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          {t("imageField.choose")}
        </button>
        <span dir="auto" className="min-w-0 truncate text-sm text-muted-foreground">
          {file ? file.name : t("imageField.none")}
        </span>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint ? `${hint} ${t("imageField.hint")}` : t("imageField.hint")}
      </p>

      {file ? (
        <div className="flex flex-wrap items-center gap-3">
          <img
            key="selected"
            ref={previewRef}
            alt={t("imageField.preview")}
            className="h-24 w-auto max-w-full rounded-md border border-border bg-muted object-contain"
          />
          <button
            type="button"
            onClick={() => onFileChange(null)}
            className="inline-flex items-center gap-1 rounded-md border border-border px-3 py-1.5 text-sm font-medium text-destructive transition-colors hover:bg-destructive hover:text-destructive-foreground dark:text-red-400"
          >
            <X aria-hidden="true" className="size-4" />
            {t("imageField.remove")}
          </button>
        </div>
      ) : currentUrl && removed ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground">{t("imageField.willRemove")}</p>
          <button
            type="button"
            onClick={() => onRemovedChange?.(false)}
            className="inline-flex items-center gap-1 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
          >
            <Undo2 aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t("imageField.keepCurrent")}
          </button>
        </div>
      ) : currentUrl ? (
        <div className="flex flex-wrap items-center gap-3">
          <img
            key="current"
            src={currentUrl}
            alt={t("imageField.current")}
            className="h-24 w-auto max-w-full rounded-md border border-border bg-muted object-contain"
          />
          {/* The smaller copies pages offer are made after the save (docs/product.md §13). */}
          <p role="status" className="text-xs text-muted-foreground">
            {variants === "pending"
              ? t("imageField.variantsPending")
              : variants === "ready"
                ? t("imageField.variantsReady")
                : null}
          </p>
          {onRemovedChange ? (
            <button
              type="button"
              onClick={() => onRemovedChange(true)}
              className="inline-flex items-center gap-1 rounded-md border border-border px-3 py-1.5 text-sm font-medium text-destructive transition-colors hover:bg-destructive hover:text-destructive-foreground dark:text-red-400"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t("imageField.removeCurrent")}
            </button>
          ) : null}
        </div>
      ) : null}

      {alt && (file || (currentUrl && !removed)) ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput
            id={`${id}-alt-en`}
            label={t("imageField.altEn")}
            hint={t("imageField.altHint")}
            field={alt.en}
            error={alt.errors.en}
            lang="en"
            dir="ltr"
          />
          <TextInput
            id={`${id}-alt-ar`}
            label={t("imageField.altAr")}
            hint={t("imageField.altHint")}
            field={alt.ar}
            error={alt.errors.ar}
            lang="ar"
            dir="rtl"
          />
        </div>
      ) : null}

      <FieldError id={id} error={error} />
    </div>
  );
}
