import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useReturnFocus } from "./return-focus.ts";

/** Asks before something that cannot be undone (deleting a project or an article). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Where focus goes on close when the control that opened the dialog is gone (the deleted item's button). */
  returnFocus?: () => HTMLElement | null;
}) {
  const onCloseAutoFocus = useReturnFocus(open, returnFocus);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-black/60" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-0 z-[80] m-auto flex h-fit w-[calc(100%-2rem)] max-w-md flex-col gap-4 rounded-xl border border-border bg-card p-6 text-foreground shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description dir="auto" className="text-muted-foreground">
            {description}
          </AlertDialog.Description>
          <div className="flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded-md border border-border px-4 py-2 font-medium hover:bg-muted">
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              className="rounded-md bg-destructive px-4 py-2 font-semibold text-destructive-foreground hover:opacity-90"
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
