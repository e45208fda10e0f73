// The addresses a link in an article may have: the web (http, https), e-mail (mailto) and paths on this site.
// Anything else (javascript:, data:, file:, a protocol-relative //host) is refused in the editor; the server
// sanitises again whatever reaches it.

const WEB = /^https?:\/\/[^/?#]/i;
const MAILTO = /^mailto:[^\s]+$/i;
const RELATIVE = /^(\/(?!\/)|#|\?|\.\.?\/)/;
const BARE_DOMAIN = /^(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;
const BARE_EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;

/** Whether an href is one an article link may have (also used to judge links that are pasted or loaded). */
export function isAllowedLinkUrl(href: string | null | undefined): boolean {
  if (!href || /[\s\p{Cc}]/u.test(href)) return false;
  if (WEB.test(href)) {
    try {
      return new URL(href).hostname !== "";
    } catch {
      return false;
    }
  }
  return MAILTO.test(href) || RELATIVE.test(href);
}

/**
 * The href for what the owner typed, or null when it is not allowed. A bare domain (example.com/page) gets
 * https:// and a bare e-mail address gets mailto:, as people type them that way.
 */
export function toLinkHref(input: string): string | null {
  const text = input.trim();
  let href = text;
  if (BARE_EMAIL.test(text)) href = `mailto:${text}`;
  else if (BARE_DOMAIN.test(text)) href = `https://${text}`;
  return isAllowedLinkUrl(href) ? href : null;
}
