import { Component, Suspense, lazy, useState, type ComponentType, type ReactNode } from "react";
import { useI18n } from "#app/lib/i18n.ts";
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

/**
 * A lazily loaded section (docs/product.md §2): its code loads apart from the page's. While the page hydrates, React
 * keeps the server's markup of a section whose code has not arrived yet and hydrates it once it has; rendered anew
 * (client-side navigation), it shows a spinner meanwhile. 'Try again' loads it again, because React.lazy remembers a
 * failed import forever.
 */
export function LazySection<P extends object>({
  load,
  props,
}: {
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
}) {
  const [Section, setSection] = useState(() => lazyOnce(load));
  return (
    <ErrorBoundary
      onReset={() => setSection(() => lazyAgain(load))}
      fallback={(reset) => <SectionError onRetry={reset} />}
    >
      <Suspense fallback={<Spinner />}>
        <Section {...props} />
      </Suspense>
    </ErrorBoundary>
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
