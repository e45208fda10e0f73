import type { CvView } from "#core/cv-view.ts";

type WithItems = Exclude<CvView["sections"][number], { kind: "summary" }>;
type SectionItems = { [Section in WithItems as Section["kind"]]: Section["items"] };

/**
 * The CV's owner as schema.org's Person (docs/product.md §32): what a search engine can use of the CV: name, role,
 * contact, links, skills, languages, schools and credentials.
 */
export function cvPersonJsonLd(cv: CvView): Record<string, unknown> {
  const items = <Kind extends keyof SectionItems>(kind: Kind): SectionItems[Kind] => {
    const section = cv.sections.find((candidate) => candidate.kind === kind);
    return (section && "items" in section ? section.items : []) as SectionItems[Kind];
  };
  const current = items("experience").find((item) => item.period.end === "");
  return {
    "@type": "Person",
    name: cv.name,
    jobTitle: cv.role,
    url: cv.website,
    email: `mailto:${cv.email}`,
    telephone: cv.phone,
    ...(cv.portrait ? { image: cv.portrait.url } : {}),
    address: { "@type": "PostalAddress", addressLocality: cv.city },
    description: cv.summary,
    sameAs: cv.profiles.map((profile) => profile.url),
    knowsAbout: items("skills"),
    knowsLanguage: items("languages").map((item) => item.language.text),
    alumniOf: items("education").map((item) => ({
      "@type": "EducationalOrganization",
      name: item.institution.text,
    })),
    hasCredential: items("certifications").map((item) => ({
      "@type": "EducationalOccupationalCredential",
      name: item.name.text,
      ...(item.issuer ? { recognizedBy: { "@type": "Organization", name: item.issuer.text } } : {}),
    })),
    ...(current ? { worksFor: { "@type": "Organization", name: current.organisation.text } } : {}),
  };
}
