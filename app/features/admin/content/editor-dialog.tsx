import type { ReactNode } from "react";
import { FormProvider, type FieldValues } from "react-hook-form";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { SubmitButton } from "#app/features/admin/forms/form-controls.tsx";
import { DraftBanner } from "./draft-banner.tsx";
import type { EditorKind, ImageValues, useEditorForm } from "./editor-form.ts";

/**
 * The add or edit form of a project, an article or a testimonial, in a dialog at most 625 px wide (docs/product.md §2.10) over the
 * list, at its own address (…/projects/new, …/articles/:id). Closing it goes back to the list; focus goes back to
 * the link that opened it, or to the list's heading when there is none (a reload of the dialog's address).
 */
export function EditorDialog<Values extends FieldValues & Pick<ImageValues, "file">>({
  kind,
  editing,
  editor,
  children,
}: {
  kind: EditorKind;
  editing: boolean;
  editor: ReturnType<typeof useEditorForm<Values>>;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const { offer } = editor.draft;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) editor.close();
      }}
      title={t(`admin.${kind}.${editing ? "editTitle" : "addTitle"}`)}
      closeLabel={t("admin.common.close")}
      returnFocus={() => document.getElementById(`${kind}-list`)}
    >
      <FormProvider {...editor.form}>
        <form onSubmit={(event) => void editor.submit(event)} className="flex flex-col gap-4" noValidate>
          {offer ? (
            <DraftBanner
              savedAt={offer.savedAt}
              onRestore={() => {
                editor.draft.restore();
                toast({ title: t("admin.drafts.restored") });
              }}
              onDiscard={editor.draft.dismiss}
            />
          ) : null}
          {children}
          <div>
            <SubmitButton
              busy={editor.busy}
              label={t(`admin.${kind}.${editing ? "save" : "add"}`)}
              busyLabel={t("admin.processing")}
            />
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
