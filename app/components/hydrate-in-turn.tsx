import { Suspense, useLayoutEffect, useState, type ReactNode } from "react";

// The first hydration of a page, in turns (docs/decisions/032-scripts-after-the-first-paint.md). The browser's React
// is preact/compat (decision 031), which hydrates a whole tree in one task: 30–70 ms on this machine for the home
// page, four times that on Lighthouse's phone, during which the page cannot answer a tap. A part of the page wrapped
// in `HydrateInTurn` hydrates in a later task of its own instead: on the first hydration it suspends once, and Preact
// keeps its server markup on screen while suspended, then hydrates it when the promise settles (a timer: the next
// task). Parts may nest: a part inside a held-back one waits a further task of its own. React (the server, and the
// browser in development) renders it straight through.

let firstHydration = typeof document !== "undefined";
let returned = false;
let waiting = 0;
let settle: (() => void) | undefined;
const settled = new Promise<void>((resolve) => (settle = resolve));

/** The first hydration ends once its first pass has returned and every part held back has hydrated. */
function check() {
  if (!returned || waiting > 0) return;
  firstHydration = false;
  settle?.();
}

/** Called by the browser's entry once the page's first hydration pass has returned. */
export function firstHydrationReturned(): void {
  returned = true;
  check();
}

/** Settles once every part held back by `HydrateInTurn` has hydrated too. */
export function wholePageHydrated(): Promise<void> {
  return settled;
}

interface Held {
  promise: Promise<void>;
  done: boolean;
}

/** Holds a part back until the next task; counted until it has hydrated. */
function holdBack(): Held {
  waiting += 1;
  const held: Held = { promise: new Promise<void>((resolve) => setTimeout(resolve)), done: false };
  void held.promise.then(() => {
    held.done = true;
  });
  return held;
}

function hydrated(): void {
  waiting -= 1;
  check();
}

function Turn({ children }: { children: ReactNode }) {
  const [held] = useState(() => (firstHydration ? holdBack() : null));
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- suspending: what Suspense catches
  if (held && !held.done) throw held.promise;
  useLayoutEffect(() => {
    if (held) hydrated();
  }, [held]);
  return <div className="contents">{children}</div>;
}

/**
 * Whether parts hydrate in turns: in the built browser code, where React is preact/compat. The server (and the
 * development browser, whose React hydrates in one go) renders the part's box alone, with no Suspense boundary: React's
 * server marks a boundary with comments (`<!--$-->`, `<!--/$-->`), which Preact does not know, and Preact hydrating
 * next to them moved the element after each part (the whole `<main>`, each home section) out of the page and back
 * in, restyling and laying it out again. Preact's Suspense adds nothing to the page, so both render the same elements.
 */
const inTurns = import.meta.env.PROD && typeof document !== "undefined";

/** Hydrates its children in a task of their own on the page's first load; renders them at once otherwise. */
export function HydrateInTurn({ children }: { children: ReactNode }) {
  if (!inTurns) return <div className="contents">{children}</div>;
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}
