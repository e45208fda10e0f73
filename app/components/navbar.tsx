import type { TranslationKey } from "#app/i18n/keys.ts";
import { Languages, Menu, Moon, Sun, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { localizePath } from "#core/localized-paths.ts";
import type { Language } from "#core/preferences.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { applyLanguage, applyTheme } from "#app/lib/preferences.client.ts";
import type { RootData } from "#app/lib/root-data.ts";
import { useSite } from "#app/lib/site.ts";
import { NavbarSearch } from "./search-form.tsx";

export const NAV_LINKS = [
  { to: "/", key: "nav.home" },
  { to: "/about", key: "nav.about" },
  { to: "/projects", key: "nav.projects" },
  { to: "/articles", key: "nav.articles" },
  { to: "/services", key: "nav.services" },
  { to: "/contact", key: "nav.contact" },
] as const;

function linkClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm transition-colors hover:text-primary ${
    isActive ? "font-bold text-primary" : "font-medium text-foreground/80"
  }`;
}

/** The site's pages as a list of links: in the top bar on wide screens, in the phone menu otherwise. */
function NavLinkList({
  className,
  linkClassName,
  prefetch = false,
  onNavigate,
}: {
  className: string;
  linkClassName: (state: { isActive: boolean }) => string;
  prefetch?: boolean;
  onNavigate?: () => void;
}) {
  const { t, localPath } = useI18n();
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink
            to={localPath(link.to)}
            end={link.to === "/"}
            className={linkClassName}
            prefetch={prefetch ? "intent" : undefined}
            onClick={onNavigate}
          >
            {t(link.key)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Navbar() {
  const { t, localPath } = useI18n();
  const site = useSite();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes the phone menu and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-50 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <nav
        aria-label={t("nav.main")}
        className="mx-auto flex h-nav max-w-6xl items-center gap-4 px-4 sm:px-6"
      >
        <Link
          to={localPath("/")}
          aria-label={t("nav.homeLink", { initials: site.initials, name: site.name })}
          className="grid size-11 place-items-center rounded-xl bg-primary text-lg font-bold text-primary-foreground"
        >
          {/* One text for both languages, in any script: its direction from its letters. */}
          <span aria-hidden="true" dir="auto">
            {site.initials}
          </span>
        </Link>
        <NavLinkList
          className="ms-auto hidden items-center gap-1 md:flex"
          linkClassName={linkClass}
          prefetch
        />
        <div className="ms-auto flex items-center gap-1 md:ms-2">
          <NavbarSearch />
          <ThemeToggle />
          <LanguageMenu />
          <button
            ref={menuButton}
            type="button"
            className="grid size-10 place-items-center rounded-md hover:bg-muted md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </nav>
      <div id={menuId} hidden={!menuOpen} className="border-t border-border bg-background md:hidden">
        <NavLinkList
          className="mx-auto flex max-w-6xl flex-col px-4 py-2"
          linkClassName={(state) => `block ${linkClass(state)} py-3 text-base`}
          onNavigate={() => setMenuOpen(false)}
        />
      </div>
    </header>
  );
}

/**
 * The theme switch. The theme is set on the document before the first paint (app/lib/preference-script.ts), so the
 * button shows the icon and the name of the switch to the other one by the document's `dark` class: every visitor
 * of a page gets the same markup from the server (decision 037).
 */
function ThemeToggle() {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="grid size-10 place-items-center rounded-md hover:bg-muted"
      onClick={() => applyTheme(document.documentElement.classList.contains("dark") ? "light" : "dark")}
    >
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
      <span className="sr-only dark:hidden">{t("nav.toDark")}</span>
      <span className="sr-only hidden dark:inline">{t("nav.toLight")}</span>
    </button>
  );
}

const LANGUAGE_OPTIONS: { value: Language; key: TranslationKey }[] = [
  { value: "en", key: "nav.english" },
  { value: "ar", key: "nav.arabic" },
];

function LanguageMenu() {
  const { t, language } = useI18n();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const data = useRouteLoaderData<RootData>("root");
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    rootRef.current?.querySelector<HTMLButtonElement>("[role=menuitem]:not([disabled])")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const choose = (value: Language) => {
    setOpen(false);
    // Remembered as before (localStorage and the cookie): the next visit to / goes to this language's home.
    applyLanguage(value);
    if (data?.adminPage) {
      // The admin page has one address: the root loader reads the new cookie and sends its dictionary.
      void revalidator.revalidate();
      return;
    }
    // The same page in the other language (docs/product.md §16.2). A projects category is named in the page's
    // language: the other language's projects page starts from all of them.
    const query = new URLSearchParams(location.search).has("category") ? "" : location.search;
    void navigate(localizePath(`${location.pathname}${query}${location.hash}`, value));
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="grid size-10 place-items-center rounded-md hover:bg-muted"
        aria-label={t("nav.language")}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Languages aria-hidden="true" className="size-5" />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t("nav.language")}
          className="absolute end-0 top-full mt-2 min-w-36 rounded-md border border-border bg-card p-1 shadow-lg"
        >
          {LANGUAGE_OPTIONS.map((option) => (
            <button
              key={option.value}
              type="button"
              role="menuitem"
              lang={option.value}
              disabled={option.value === language}
              className="block w-full rounded px-3 py-2 text-start text-sm hover:bg-muted disabled:cursor-default disabled:opacity-50 disabled:hover:bg-transparent"
              onClick={() => choose(option.value)}
            >
              {t(option.key)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
