import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { useI18n } from "#app/lib/i18n.ts";

// The site's search field (docs/product.md §30): a plain GET form to the search page of the page's language, so it
// works before and without JavaScript. In the navbar it is a field on wide screens and a link to the search page on
// a phone; "/" anywhere but in a field goes to it.

/** Whether a key press was typed into something that takes text. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

export function NavbarSearch() {
  const { t, localPath } = useI18n();
  const field = useRef<HTMLInputElement>(null);
  const link = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target))
        return;
      const input = field.current;
      // The field is hidden on a phone: the link takes the visitor to the search page instead.
      if (input && input.offsetParent !== null) {
        event.preventDefault();
        input.focus();
        input.select();
      } else if (link.current) {
        event.preventDefault();
        link.current.click();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <Form
        method="get"
        action={localPath("/search")}
        role="search"
        aria-label={t("search.field")}
        className="relative hidden lg:block"
      >
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          ref={field}
          type="search"
          name="q"
          required
          maxLength={1000}
          aria-label={t("search.field")}
          placeholder={t("search.placeholder")}
          aria-keyshortcuts="/"
          title={t("search.shortcut")}
          className="h-9 w-40 rounded-md border border-border bg-background ps-8 pe-2 text-sm focus:w-56 focus:outline-none focus:ring-2 focus:ring-primary motion-safe:transition-[width]"
        />
      </Form>
      <Link
        ref={link}
        to={localPath("/search")}
        aria-label={t("search.title")}
        aria-keyshortcuts="/"
        className="grid size-10 place-items-center rounded-md hover:bg-muted lg:hidden"
      >
        <Search aria-hidden="true" className="size-5" />
      </Link>
    </>
  );
}
