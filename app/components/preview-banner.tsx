import { Eye } from "lucide-react";

/** The mark over the owner's preview of an article or a project (docs/product.md §18, §28.2): its state, and "Preview". */
export function PreviewBanner({ status, note }: { status: string; note: string }) {
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-100 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3 font-medium sm:px-6">
        <Eye aria-hidden="true" className="size-5 shrink-0" />
        <span>
          <strong>{status}</strong> — {note}
        </span>
      </p>
    </div>
  );
}
