import type { ReactNode } from "react";

/**
 * A line of facts separated by dots ("By Name · 1 June 2025 · 4 min read"). Each fact carries the dot before it,
 * in a slot of its own, and the row is pulled one slot towards the start inside a clipping box: the first fact of
 * every line, the first line's or one a phone wrapped, has its dot cut off. So no line starts or ends with a dot,
 * in either direction (logical margins). A fact and its dot never part.
 */
export function MetaLine({ facts, className = "" }: { facts: ReactNode[]; className?: string }) {
  return (
    <div data-meta-line className={`overflow-hidden ${className}`}>
      <p className="-ms-6 flex flex-wrap">
        {facts.map((fact, index) => (
          <span key={index} className="inline-flex">
            <span aria-hidden="true" className="inline-block w-6 shrink-0 text-center">
              ·
            </span>
            {fact}
          </span>
        ))}
      </p>
    </div>
  );
}
