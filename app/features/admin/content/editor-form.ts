import { useForm, type DefaultValues, type FieldValues, type Resolver } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useMutation, useFieldRefusal } from "#app/features/admin/api/mutation.ts";
import { searchWith } from "#app/features/admin/lists/list-query.ts";
import { useDraft } from "./use-draft.ts";

// What the project, article and testimonial forms share (docs/product.md §4.9): the form (react-hook-form, checked with the API's
// own schema before anything is sent), its autosaved draft, the save through the editor route's clientAction with
// the chosen image, "Processing..." while it runs, and the way back to the list: after an add, its first page,
// where the new item is; after an edit, where the list was.

export interface ImageValues {
  image_alt_en: string;
  image_alt_ar: string;
  /** The saved image goes at the next save (docs/product.md §5.12). */
  image_removed: boolean;
  /** The image chosen to replace it, uploaded by the save. */
  file: File | null;
}

export const NO_IMAGE: ImageValues = { image_alt_en: "", image_alt_ar: "", image_removed: false, file: null };

export function imageValuesOf(row: { image_alt_en: string; image_alt_ar: string } | undefined): ImageValues {
  return row ? { ...NO_IMAGE, image_alt_en: row.image_alt_en, image_alt_ar: row.image_alt_ar } : NO_IMAGE;
}

/** The image part of the body the API takes: the saved image's URL, "an upload" while a file is chosen, or null. */
export function imageBody(values: ImageValues, currentUrl: string | null) {
  return {
    image_url: values.file ? values.file.name : values.image_removed ? null : currentUrl,
    image_alt_en: values.image_alt_en,
    image_alt_ar: values.image_alt_ar,
  };
}

/**
 * The field a refusal of the API is shown under: the first part of its path ("tags.0" is the tags field); the
 * image's URL is the image field.
 */
export function topField(path: string): string {
  const field = path.split(".")[0] ?? path;
  return field === "image_url" ? "file" : field;
}

/** The lists whose items are added and edited in a dialog at an address of their own. */
export type EditorKind = "projects" | "articles" | "testimonials";

export function useEditorForm<Values extends FieldValues & Pick<ImageValues, "file">>(options: {
  kind: EditorKind;
  editing: boolean;
  defaultValues: Values;
  draftKey: string;
  resolver: Resolver<Values>;
  /** What the form sends to its route's action (the file goes beside it). */
  toInput: (values: Values) => object;
  /** The files the save uploads, by name; the form's image when not given. */
  files?: (values: Values) => Record<string, File | null>;
  fieldOf?: (path: string) => string;
}) {
  const { kind, editing } = options;
  const { t } = useI18n();
  const navigate = useNavigate();
  const { search } = useLocation();
  const form = useForm<Values>({
    defaultValues: options.defaultValues as DefaultValues<Values>,
    resolver: options.resolver,
  });
  const draft = useDraft(options.draftKey, form);
  const back = (toFirstPage: boolean) =>
    void navigate(
      { pathname: "..", search: toFirstPage ? searchWith(search, { page: null }) : search },
      { preventScrollReset: true },
    );
  const save = useMutation<unknown, Values>({
    setError: form.setError,
    fieldOf: options.fieldOf ?? topField,
    onSuccess: () => {
      draft.discard();
      toast({ title: t(`admin.${kind}.${editing ? "updated" : "added"}`) });
      back(!editing);
    },
  });
  const refused = useFieldRefusal();
  const submit = form.handleSubmit(
    (values) => save.submit(options.toInput(values), options.files?.(values) ?? { image: values.file }),
    refused,
  );
  /** Closing the dialog: an edit's draft goes with it (docs/product.md §4.9); an add's is kept. */
  const close = () => {
    if (editing) draft.discard();
    back(false);
  };
  return { form, draft, submit, busy: save.busy, close };
}
