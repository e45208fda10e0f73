// The admin's libraries write `<style>` elements at run time: Radix's scroll lock while a dialog is open
// (react-remove-scroll-bar) and TipTap's editor styles. The Content-Security-Policy allows style elements by hash
// or by the page's nonce (decision 006), so they carry the nonce: the one of this document's policy, which its own
// inline scripts carry (a page from the page cache has none; the admin page is never kept there).

let nonce: string | undefined;

/**
 * The nonce of this document's Content-Security-Policy; empty on the server. Read once: the root's data, reloaded
 * after a write, carries the nonce of that later request, and rendering it changes the scripts' attribute, not
 * the document's policy.
 */
export function documentNonce(): string {
  if (typeof document === "undefined") return "";
  nonce ??= document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  return nonce;
}

/**
 * Hands the nonce to Radix's scroll lock, which reads it through get-nonce from the global that webpack defines
 * (`__webpack_nonce__`); before any dialog opens.
 */
export function allowRuntimeStyles(): void {
  const value = documentNonce();
  if (value) Object.assign(globalThis, { __webpack_nonce__: value });
}
