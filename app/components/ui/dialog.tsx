import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useReturnFocus } from "./return-focus.ts";

// A modal dialog (Radix: focus trap, Escape, labelled by its title). Used by the admin page only, so it is
// bundled with the admin chunk.

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  dismissible = true,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The close button's accessible name, in the page language. */
  closeLabel: string;
  children: ReactNode;
  /** False for a dialog that must be answered (the sign-in after a session ended). */
  dismissible?: boolean;
  /** Where focus goes on close when the control that opened the dialog is gone. */
  returnFocus?: () => HTMLElement | null;
}) {
  const onCloseAutoFocus = useReturnFocus(open, returnFocus);
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  // A field that uses Escape itself (the editor's link box) keeps it: the dialog stays open.
  const escape = (event: KeyboardEvent) => {
    if (!dismissible || (event.target instanceof Element && event.target.closest("[data-keeps-escape]")))
      event.preventDefault();
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[70] bg-black/60" />
        <DialogPrimitive.Content
          onEscapeKeyDown={escape}
          onCloseAutoFocus={onCloseAutoFocus}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { "aria-describedby": undefined })}
          className="fixed inset-0 bottom-[var(--toast-space,0px)] z-[80] m-auto flex h-fit max-h-[calc(92vh-var(--toast-space,0px))] w-[calc(100%-2rem)] max-w-[625px] flex-col overflow-hidden rounded-xl border border-border bg-card text-foreground shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-6 py-4">
            <div className="flex flex-col gap-1">
              <DialogPrimitive.Title className="text-xl font-bold">{title}</DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="text-sm text-muted-foreground">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            {dismissible ? (
              <DialogPrimitive.Close
                aria-label={closeLabel}
                className="rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <X aria-hidden="true" className="size-5" />
              </DialogPrimitive.Close>
            ) : null}
          </div>
          <div className="overflow-y-auto px-6 py-5">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
