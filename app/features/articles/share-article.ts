import { toast } from "#app/components/ui/toast.tsx";
import type { Translate } from "#app/lib/i18n.ts";
import { readableAddress } from "#core/readable-address.ts";

/**
 * Shares the page's address in its language (docs/product.md §16.4): the system's share sheet where there is one,
 * else the clipboard, with a toast saying which. Loaded on the first click of "Share" (decision 037).
 */
export async function shareArticle(title: string, t: Translate): Promise<void> {
  // Arabic letters as a person reads them: every browser and app encodes them again when the link is opened.
  const url = readableAddress(window.location.href);
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    // Isolated left to right (Unicode LRI…PDI), so an Arabic page keeps the address's slashes in place.
    toast({ title: t("articles.linkCopied"), description: `\u2066${url}\u2069` });
  } catch {
    toast({ title: t("articles.shareFailed"), description: `\u2066${url}\u2069`, variant: "destructive" });
  }
}
