import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useI18n } from "#app/lib/i18n.ts";
import {
  TOAST_DURATION,
  currentToasts,
  dismissToast,
  subscribeToasts,
  type ToastState,
} from "./toast-store.ts";

const NONE: ToastState[] = [];

/** `focusOnMount`: loaded by F8 before any toast, so the region takes the focus F8 asked for. */
export default function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { t, dir } = useI18n();
  const items = useSyncExternalStore(subscribeToasts, currentToasts, () => NONE);
  const viewport = useRef<HTMLOListElement>(null);
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) viewport.current?.focus();
  }, []);
  // The height a shown toast takes at the bottom of the screen, as --toast-space: an open dialog stands above it
  // (./dialog.tsx), so an error toast never covers the fields it is about.
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const space = element.childElementCount > 0 ? element.offsetHeight : 0;
      root.style.setProperty("--toast-space", `${space}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--toast-space");
    };
  }, []);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeDirection={dir === "rtl" ? "left" : "right"}
      swipeThreshold={50}
      label={t("common.notification")}
    >
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={`group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pe-10 shadow-lg transition data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[state=closed]:opacity-0 ${
            item.variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "border-border bg-card text-foreground"
          }`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm">{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label={t("common.close")}
            className="absolute end-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        hotkey={["F8"]}
        label={t("common.notifications")}
        className="fixed bottom-0 end-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
