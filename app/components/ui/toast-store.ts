// The one toast API (docs/architecture.md "Tests and conventions": one way per situation). docs/product.md §4/§9: at most one toast, 5000 ms, swipe 50 px, close button, F8.
// This store is tiny and always loaded; the Radix toaster that shows it loads with the first toast.

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Milliseconds; Infinity keeps it until dismissed. */
  duration?: number;
}

export interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
const REMOVE_DELAY = 1000;

let toasts: ToastState[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastState[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number) {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(toasts.filter((item) => item.id !== id || item.open)), REMOVE_DELAY);
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function currentToasts(): ToastState[] {
  return toasts;
}

/** True once any toast was shown in this page's life: the toaster loads then and stays. */
export function hasToasted(): boolean {
  return nextId > 1;
}
