import type { CvView } from "./cv-view.ts";

// The CV in the JSON Resume schema, v1 (https://jsonresume.org/schema): what /cv.json and /ar/cv.json answer, so
// the owner can use any JSON Resume theme or tool. Built from the same view as the page and the PDF; empty fields
// are left out rather than sent empty (the schema's formats refuse an empty address).

type Json = Record<string, unknown>;

/** The object without its empty strings, empty lists and undefined values. */
function compact<T extends Json>(object: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0),
    ),
  ) as Partial<T>;
}

export function toJsonResume(view: CvView, canonical: string, lastModified: string): Json {
  const resume: Json = {
    $schema: "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json",
    basics: compact({
      name: view.name,
      label: view.role,
      image: view.portrait?.url,
      email: view.email,
      phone: view.phone,
      url: view.website,
      summary: view.summary,
      location: compact({ address: view.location, city: view.city }),
      profiles: view.profiles,
    }),
  };
  for (const section of view.sections) {
    switch (section.kind) {
      case "experience":
        resume.work = section.items.map((item) =>
          compact({
            name: item.organisation.text,
            position: item.role.text,
            location: item.place?.text,
            url: item.url,
            startDate: item.period.start,
            endDate: item.period.end,
            highlights: item.highlights.map((highlight) => highlight.text),
          }),
        );
        break;
      case "education":
        resume.education = section.items.map((item) =>
          compact({
            institution: item.institution.text,
            area: item.study.text,
            url: item.url,
            startDate: item.period.start,
            endDate: item.period.end,
          }),
        );
        break;
      case "certifications":
        resume.certificates = section.items.map((item) =>
          compact({ name: item.name.text, issuer: item.issuer?.text, date: item.date, url: item.url }),
        );
        break;
      case "languages":
        resume.languages = section.items.map((item) =>
          compact({ language: item.language.text, fluency: item.level?.text }),
        );
        break;
      case "skills":
        resume.skills = section.items.map((name) => ({ name }));
        break;
      case "projects":
        resume.projects = section.items.map((item) =>
          compact({
            name: item.title.text,
            entity: item.client?.text,
            roles: item.role ? [item.role.text] : [],
            description: item.period?.text,
            highlights: item.results.map((result) => result.text),
            keywords: item.stack,
            url: item.url,
          }),
        );
        break;
      case "testimonials":
        resume.references = section.items.map((item) =>
          compact({
            name: [item.name, item.source].filter(Boolean).join(", "),
            reference: item.quote.text,
          }),
        );
        break;
      case "summary":
      case "services":
        // The summary is basics.summary; JSON Resume has no place for services.
        break;
    }
  }
  resume.meta = { canonical, version: "v1.0.0", lastModified };
  return resume;
}
