// Addresses as a person reads them (an IRI, RFC 3987): Arabic letters instead of their percent-encoding, which
// stays what the wire carries. Only characters outside ASCII are shown decoded; an encoded ASCII character (a
// space, a slash, a "%") and the invisible marks that could disguise an address stay encoded.

/** Characters that change how the text around them is laid out or are not seen: never shown decoded. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Z}\u034F\u115F\u1160\u3164\uFFA0\uFFFC\uFFFD]/u;

/**
 * An address (a path, or a whole URL) with its percent-encoded letters of other scripts written as letters:
 * `/ar/articles/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7` → `/ar/articles/مرحبا`. Anything that does not decode as UTF-8
 * is left as it was.
 */
export function readableAddress(address: string): string {
  return address.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(run);
    } catch {
      return run;
    }
    return [...decoded]
      .map((char) => (char.codePointAt(0)! < 0x80 || HIDDEN.test(char) ? encodeURIComponent(char) : char))
      .join("");
  });
}
