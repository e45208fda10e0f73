import type { ReactNode } from "react";
import { CV_WORDS, type CvSectionView, type CvText } from "#core/cv-view.ts";
import type { Language } from "#core/preferences.ts";
import { textAttributes } from "#app/lib/i18n.ts";

// The CV's sections on its page (docs/product.md §32), in the order the owner chose. The same view feeds the PDF,
// so the page and the PDF say the same things. A text in the other language carries its own `lang` and `dir`.

/** A text the owner wrote: marked when it is not in the page's language. */
function Text({ text, page }: { text: CvText | null; page: Language }) {
  if (!text) return null;
  return <span {...(text.lang === page ? {} : textAttributes(text.lang))}>{text.text}</span>;
}

function joined(parts: ReactNode[]): ReactNode[] {
  return parts
    .filter((part) => part !== null && part !== "")
    .flatMap((part, index) => (index === 0 ? [part] : [<span key={`sep-${index}`}> · </span>, part]));
}

function Entry(props: { title: ReactNode; side: ReactNode; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <li className="flex flex-col gap-1 break-inside-avoid">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h3 className="font-semibold">{props.title}</h3>
        <p className="text-sm text-muted-foreground">{props.side}</p>
      </div>
      {props.subtitle ? <p className="text-muted-foreground">{props.subtitle}</p> : null}
      {props.children}
    </li>
  );
}

function Bullets({ items, page }: { items: CvText[]; page: Language }) {
  if (items.length === 0) return null;
  return (
    <ul className="list-disc space-y-1 ps-5">
      {items.map((item, index) => (
        <li key={index}>
          <Text text={item} page={page} />
        </li>
      ))}
    </ul>
  );
}

const linked = (url: string, content: ReactNode) =>
  url ? (
    <a href={url} className="text-primary underline-offset-2 hover:underline">
      {content}
    </a>
  ) : (
    content
  );

function SectionBody({ section, page }: { section: CvSectionView; page: Language }) {
  const words = CV_WORDS[page];
  switch (section.kind) {
    case "summary":
      return <p className="leading-7">{section.text}</p>;
    case "skills":
      return (
        <ul className="flex flex-wrap gap-2">
          {section.items.map((skill, index) => (
            <li key={index} className="rounded-full bg-accent px-3 py-1 text-sm font-medium text-primary">
              {skill}
            </li>
          ))}
        </ul>
      );
    case "services":
      return (
        <ul className="grid gap-3 sm:grid-cols-2">
          {section.items.map((item, index) => (
            <li key={index} className="break-inside-avoid">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      );
    case "experience":
      return (
        <ul className="flex flex-col gap-5">
          {section.items.map((item, index) => (
            <Entry
              key={index}
              title={<Text text={item.role} page={page} />}
              side={item.period.text}
              subtitle={joined([
                linked(item.url, <Text key="org" text={item.organisation} page={page} />),
                item.place ? <Text key="place" text={item.place} page={page} /> : null,
              ])}
            >
              <Bullets items={item.highlights} page={page} />
            </Entry>
          ))}
        </ul>
      );
    case "projects":
      return (
        <ul className="flex flex-col gap-5">
          {section.items.map((item, index) => (
            <Entry
              key={index}
              title={linked(item.url, <Text text={item.title} page={page} />)}
              side={<Text text={item.period} page={page} />}
              subtitle={joined([
                item.client ? <Text key="client" text={item.client} page={page} /> : null,
                item.role ? <Text key="role" text={item.role} page={page} /> : null,
              ])}
            >
              {item.stack.length > 0 ? (
                <p className="text-sm">
                  {words.stack}: <span dir="ltr">{item.stack.join(", ")}</span>
                </p>
              ) : null}
              <Bullets items={item.results} page={page} />
            </Entry>
          ))}
        </ul>
      );
    case "education":
      return (
        <ul className="flex flex-col gap-4">
          {section.items.map((item, index) => (
            <Entry
              key={index}
              title={<Text text={item.study} page={page} />}
              side={item.period.text}
              subtitle={joined([
                linked(item.url, <Text key="school" text={item.institution} page={page} />),
                item.place ? <Text key="place" text={item.place} page={page} /> : null,
              ])}
            />
          ))}
        </ul>
      );
    case "certifications":
      return (
        <ul className="flex flex-col gap-4">
          {section.items.map((item, index) => (
            <Entry
              key={index}
              title={linked(item.url, <Text text={item.name} page={page} />)}
              side={item.dateText}
              subtitle={item.issuer ? <Text text={item.issuer} page={page} /> : null}
            />
          ))}
        </ul>
      );
    case "languages":
      return (
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {section.items.map((item, index) => (
            <li key={index}>
              <span className="font-semibold">
                <Text text={item.language} page={page} />
              </span>
              {item.level ? (
                <>
                  {" "}
                  (<Text text={item.level} page={page} />)
                </>
              ) : null}
            </li>
          ))}
        </ul>
      );
    case "testimonials":
      return (
        <ul className="flex flex-col gap-4">
          {section.items.map((item, index) => (
            <li key={index} className="break-inside-avoid border-s-4 border-primary ps-4">
              <blockquote>
                <Text text={item.quote} page={page} />
              </blockquote>
              <p className="text-sm text-muted-foreground">
                — {item.name}
                {item.source ? `, ${item.source}` : ""}
              </p>
            </li>
          ))}
        </ul>
      );
  }
}

export function CvSections({ sections, page }: { sections: CvSectionView[]; page: Language }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.kind} aria-labelledby={`cv-${section.kind}`} className="flex flex-col gap-4">
          <h2
            id={`cv-${section.kind}`}
            className="border-b border-primary/40 pb-1 text-xl font-bold text-primary"
          >
            {CV_WORDS[page][section.kind]}
          </h2>
          <SectionBody section={section} page={page} />
        </section>
      ))}
    </>
  );
}
