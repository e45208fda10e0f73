import { Component, Suspense, lazy, useState, type ComponentType, type ReactNode } from "react";
import { useI18n } from "#app/lib/i18n.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Spinner } from "./ui/spinner.tsx";

// Each home section loads lazily inside its own error boundary (docs/product.md §2 "Shared layout"): a spinner while it
// loads, 'Something went wrong' with 'Try again' when it fails, and 'Try again' resets only that section.

interface BoundaryProps {
  fallback: (reset: () => void) => ReactNode;
  onReset: () => void;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  reset = () => {
    this.props.onReset();
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}

function SectionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-border px-6 py-12 text-center"
    >
      <p className="text-lg font-semibold">{t("common.somethingWentWrong")}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:opacity-90"
      >
        {t("common.tryAgain")}
      </button>
    </div>
  );
}

type SectionModule<P> = { default: ComponentType<P> };

/** A section's code, loaded apart from the page's (`defineSection`). */
export interface Section<P extends object> {
  load: () => Promise<SectionModule<P>>;
  /** Set once the first load has settled. */
  loaded?: ComponentType<P>;
  failed?: boolean;
}

const loading = new Set<Promise<unknown>>();

/**
 * Declares a lazily loaded section at a route module's top level. Its code starts loading at once, with the route
 * module: in the browser the chunk is already preloaded by the page, so that hydration finds it loaded (the browser's
 * React, preact/compat, docs/decisions/031-preact-in-the-browser.md, cannot suspend while hydrating without losing the
 * server's markup); on the server the page's loader waits for it (`sectionsSettled`), so that both render a loaded
 * section the same way, without a Suspense boundary (see `LazySection`).
 */
export function defineSection<P extends object>(load: () => Promise<SectionModule<P>>): Section<P> {
  const section: Section<P> = { load };
  const settled = load().then(
    (module) => {
      section.loaded = module.default;
    },
    () => {
      section.failed = true;
    },
  );
  loading.add(settled);
  return section;
}

/** Settles when every section declared so far has loaded or failed: the browser's entry and the home page's loader
 * wait for it. */
export async function sectionsSettled(): Promise<void> {
  await Promise.all(loading);
}

/**
 * A lazily loaded section. A section loaded before the render shows at once; otherwise it suspends with a spinner.
 * 'Try again' loads it again, because a lazy component remembers a failed import forever.
 */
export function LazySection<P extends object>({ section, props }: { section: Section<P>; props: P }) {
  const [Section, setSection] = useState<ComponentType<P> | null>(() =>
    section.loaded ? section.loaded : section.failed ? null : lazyOnce(section.load),
  );
  const hydrated = useHydrated();
  const retry = () => setSection(() => lazyAgain(section.load));
  // Each section sits in a box of its own (`display: contents`, so the layout is the page's). A section whose code
  // failed before the page was hydrated keeps the server's markup while hydrating (an inner HTML the hydration
  // leaves as it is), then shows the failure.
  if (!Section)
    return hydrated ? (
      <div className="contents">
        <SectionError onRetry={retry} />
      </div>
    ) : (
      <div className="contents" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
    );
  // A section loaded before the render needs no Suspense boundary, and has none: React's server marks a boundary with
  // comments Preact does not know, next to which it moved the section out of the page and back in while hydrating.
  return (
    <div className="contents">
      <ErrorBoundary onReset={retry} fallback={(reset) => <SectionError onRetry={reset} />}>
        {Section === section.loaded ? (
          <Section {...props} />
        ) : (
          <Suspense fallback={<Spinner />}>
            <Section {...props} />
          </Suspense>
        )}
      </ErrorBoundary>
    </div>
  );
}

type SectionLoader<P> = () => Promise<{ default: ComponentType<P> }>;
const sections = new WeakMap<object, unknown>();

/** One lazy component per section, so that once loaded it renders at once (on the server too). */
function lazyOnce<P extends object>(load: SectionLoader<P>): ComponentType<P> {
  return (sections.get(load) as ComponentType<P> | undefined) ?? lazyAgain(load);
}

/** React.lazy remembers a failed import forever: 'Try again' needs a new one. */
function lazyAgain<P extends object>(load: SectionLoader<P>): ComponentType<P> {
  const component = lazy(load);
  sections.set(load, component);
  return component;
}
