import type { ComponentType, CSSProperties, SVGProps } from "react";

/** A service with its icon, as a list item; `index` sets its place in the 0.1 s stagger. */
export function ServiceCard({
  icon: Icon,
  title,
  text,
  index,
  headingLevel,
  id,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  text: string;
  index: number;
  headingLevel: "h2" | "h3";
  /** Its anchor on the services page, where a search result leads. */
  id?: string;
}) {
  const Heading = headingLevel;
  return (
    <li
      id={id}
      className="stagger-item flex flex-col gap-3 rounded-xl border border-border bg-card p-6 shadow-sm"
      style={{ "--stagger-index": index } as CSSProperties}
    >
      <span className="grid size-12 place-items-center rounded-lg bg-accent text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <Heading className="text-xl font-semibold">{title}</Heading>
      <p className="text-muted-foreground">{text}</p>
    </li>
  );
}
