import { useEffect } from "react";
import { LEAD_FIELDS } from "#core/visits.ts";

// What a contact message says led to it (docs/product.md §27): the page this tab entered the site on and the page
// read last before the contact page, kept in the tab's session storage (gone when the tab closes, never sent
// anywhere but with a message the visitor sends).

const ENTRY = "sira.entry";
const LAST = "sira.last";
const isContactPage = (path: string) => path === "/contact" || path === "/ar/contact";

/** Notes each public page the tab shows. */
export function useVisitTrail(pathname: string, active: boolean) {
  useEffect(() => {
    if (!active) return;
    try {
      if (!sessionStorage.getItem(ENTRY)) sessionStorage.setItem(ENTRY, pathname);
      if (!isContactPage(pathname)) sessionStorage.setItem(LAST, pathname);
    } catch {
      // Storage refused (a private window's setting): the message says nothing of its way here.
    }
  }, [pathname, active]);
}

/** Writes the trail into the form's hidden lead fields just before it is sent. */
export function fillVisitTrail(form: HTMLFormElement) {
  let entry = "";
  let last = "";
  try {
    entry = sessionStorage.getItem(ENTRY) ?? "";
    last = sessionStorage.getItem(LAST) ?? "";
  } catch {
    // As above.
  }
  const set = (name: string, value: string) => {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement) input.value = value;
  };
  set(LEAD_FIELDS.entry, entry);
  set(LEAD_FIELDS.last, last || window.location.pathname);
}
