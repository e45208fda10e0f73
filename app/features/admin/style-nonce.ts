// The admin's libraries write `<style>` elements at run time: Radix's scroll lock while a dialog is open
// (react-remove-scroll-bar) and TipTap's editor styles. The Content-Security-Policy allows style elements by hash
// or by the page's nonce (decision 030), so they carry the nonce: the one of this document's policy, which its own
// inline scripts carry (a page from the page cache has none; the admin page is never kept there).

/** The nonce of this document's Content-Security-Policy; empty on the server. */
export function documentNonce(): string {
  if (typeof document === "undefined") return "";
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

/**
 * Hands the nonce to Radix's scroll lock, which reads it through get-nonce from the global that webpack defines
 * (`__webpack_nonce__`); once, before any dialog opens.
 */
export function allowRuntimeStyles(): void {
  const nonce = documentNonce();
  if (nonce) Object.assign(globalThis, { __webpack_nonce__: nonce });
}
