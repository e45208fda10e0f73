import type { Cv, CvSection } from "./cv.ts";
import { dateTimeFormat, formatDigits } from "./intl.ts";
import { localeOf } from "./locales.ts";
import type { Language } from "./preferences.ts";
import type { SiteSettings } from "./site-settings.ts";
import { itemPath } from "./slugs.ts";

// The CV in one language, as the page, the PDF and JSON Resume all show it (docs/product.md §32): one builder, so
// the three never disagree. A text the owner wrote only in the other language is shown in it, marked with its
// own language (decision 015's rule for items). Pure: the server reads the rows, this shapes them.

/** A text and the language it is written in. */
export interface CvText {
  text: string;
  lang: Language;
}

/** The headings and fixed words of the CV in each language: the page, the PDF and JSON Resume share them. */
export const CV_WORDS = {
  en: {
    title: "Curriculum vitae",
    summary: "Profile",
    experience: "Experience",
    projects: "Selected projects",
    skills: "Skills",
    services: "Services",
    education: "Education",
    certifications: "Certifications",
    languages: "Languages",
    testimonials: "What clients say",
    present: "present",
    client: "Client",
    stack: "Stack",
  },
  ar: {
    title: "السيرة الذاتية",
    summary: "نبذة",
    experience: "الخبرة",
    projects: "مشاريع مختارة",
    skills: "المهارات",
    services: "الخدمات",
    education: "التعليم",
    certifications: "الشهادات",
    languages: "اللغات",
    testimonials: "ماذا يقول العملاء",
    present: "حتى الآن",
    client: "العميل",
    stack: "التقنيات",
  },
} as const satisfies Record<Language, Record<CvSection | "title" | "present" | "client" | "stack", string>>;

export interface CvPeriod {
  /** As the owner wrote them: "2019" or "2019-04"; `end` empty for "to date". */
  start: string;
  end: string;
  /** Written out in the CV's language: "Apr 2019 – present", "أبريل ٢٠١٩ – حتى الآن". */
  text: string;
}

export interface CvExperienceView {
  role: CvText;
  organisation: CvText;
  place: CvText | null;
  period: CvPeriod;
  url: string;
  highlights: CvText[];
}

export interface CvEducationView {
  institution: CvText;
  study: CvText;
  place: CvText | null;
  period: CvPeriod;
  url: string;
}

export interface CvCertificationView {
  name: CvText;
  issuer: CvText | null;
  date: string;
  dateText: string;
  url: string;
}

export interface CvLanguageView {
  language: CvText;
  level: CvText | null;
}

export interface CvProjectView {
  title: CvText;
  client: CvText | null;
  role: CvText | null;
  period: CvText | null;
  stack: string[];
  results: CvText[];
  /** Its case study on this site, absolute. */
  url: string;
}

export interface CvTestimonialView {
  quote: CvText;
  name: string;
  /** "Role, Company", as the client gave them. */
  source: string;
}

export type CvSectionView =
  | { kind: "summary"; text: string }
  | { kind: "experience"; items: CvExperienceView[] }
  | { kind: "projects"; items: CvProjectView[] }
  | { kind: "skills"; items: string[] }
  | { kind: "services"; items: { title: string; text: string }[] }
  | { kind: "education"; items: CvEducationView[] }
  | { kind: "certifications"; items: CvCertificationView[] }
  | { kind: "languages"; items: CvLanguageView[] }
  | { kind: "testimonials"; items: CvTestimonialView[] };

export interface CvView {
  language: Language;
  name: string;
  role: string;
  location: string;
  city: string;
  email: string;
  phone: string;
  /** The site's home page in this language, absolute. */
  website: string;
  /** The links the owner set: network name and address. */
  profiles: { network: string; url: string }[];
  /** The portrait, absolute; null when there is none. */
  portrait: { url: string; alt: string } | null;
  summary: string;
  /** The sections the owner chose, in order, those with nothing to show left out. */
  sections: CvSectionView[];
}

/** What the CV needs of a project row. */
export interface CvProjectRow {
  id: string;
  slug_en: string;
  slug_ar: string;
  title: string;
  title_ar: string;
  client_en: string;
  client_ar: string;
  role_en: string;
  role_ar: string;
  period_en: string;
  period_ar: string;
  tags: string[];
  results_en: string[];
  results_ar: string[];
}

/** What the CV needs of an approved testimonial. */
export interface CvTestimonialRow {
  id: string;
  quote_en: string;
  quote_ar: string;
  name: string;
  role: string;
  company: string;
}

const NETWORKS = { github: "GitHub", linkedin: "LinkedIn", twitter: "X", instagram: "Instagram" } as const;

/** The text in `language`, else in the other; null when both are empty. */
function pick(text: { en: string; ar: string }, language: Language): CvText | null {
  const other: Language = language === "en" ? "ar" : "en";
  if (text[language] !== "") return { text: text[language], lang: language };
  if (text[other] !== "") return { text: text[other], lang: other };
  return null;
}

const pickRequired = (text: { en: string; ar: string }, language: Language): CvText =>
  pick(text, language) ?? { text: "", lang: language };

/**
 * "2019-04" as "Apr 2019" / "أبريل ٢٠١٩" (ar-EG) / "نيسان ٢٠١٩" (ar-SY); "2019" as "2019" / "٢٠١٩", in `locale`
 * (core/locales.ts localeOf).
 */
export function formatCvDate(value: string, locale: string): string {
  const [year, month] = value.split("-").map(Number);
  if (!month) return formatDigits(year!, locale);
  return dateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year!, month - 1, 1)),
  );
}

function period(start: string, end: string, language: Language, locale: string): CvPeriod {
  const to = end === "" ? CV_WORDS[language].present : formatCvDate(end, locale);
  return { start, end, text: `${formatCvDate(start, locale)} – ${to}` };
}

const absolute = (origin: string, path: string) => (path.startsWith("/") ? `${origin}${path}` : path);

export function buildCvView(input: {
  language: Language;
  origin: string;
  settings: SiteSettings;
  cv: Cv;
  /** The chosen projects that are public, in any order. */
  projects: CvProjectRow[];
  /** The chosen testimonials that are approved, in any order. */
  testimonials: CvTestimonialRow[];
  /** Whether the portrait can be shown (it is stored). */
  portrait: boolean;
}): CvView {
  const { language, origin, settings, cv } = input;
  const local = (text: { en: string; ar: string }) => text[language];
  const sections: CvSectionView[] = [];
  for (const kind of cv.sections) {
    const section = buildSection(kind, input);
    if (section) sections.push(section);
  }
  return {
    language,
    name: local(settings.name),
    role: local(settings.role),
    location: local(settings.location),
    city: local(settings.city),
    email: settings.email,
    phone: settings.phone,
    website: `${origin}${language === "ar" ? "/ar" : "/"}`,
    profiles: (Object.keys(NETWORKS) as (keyof typeof NETWORKS)[])
      .filter((network) => settings.links[network] !== "")
      .map((network) => ({ network: NETWORKS[network], url: settings.links[network] })),
    portrait: input.portrait
      ? { url: absolute(origin, settings.portrait.url), alt: local(settings.portrait.alt) }
      : null,
    summary: local(settings.bio),
    sections,
  };
}

function buildSection(kind: CvSection, input: Parameters<typeof buildCvView>[0]): CvSectionView | null {
  const { language, settings, cv, origin } = input;
  const locale = localeOf(language, settings.arabicRegion);
  const items = <T>(list: T[]) => (list.length > 0 ? list : null);
  switch (kind) {
    case "summary":
      return { kind, text: settings.bio[language] };
    case "skills": {
      const list = items(settings.skills.map((skill) => skill[language]));
      return list && { kind, items: list };
    }
    case "services": {
      const list = items(
        settings.services.map((s) => ({ title: s.title[language], text: s.text[language] })),
      );
      return list && { kind, items: list };
    }
    case "experience": {
      const list = items(
        cv.experience.map((entry) => ({
          role: pickRequired(entry.role, language),
          organisation: pickRequired(entry.organisation, language),
          place: pick(entry.place, language),
          period: period(entry.start, entry.end, language, locale),
          url: entry.url,
          highlights: entry.highlights.map((text) => pickRequired(text, language)),
        })),
      );
      return list && { kind, items: list };
    }
    case "education": {
      const list = items(
        cv.education.map((entry) => ({
          institution: pickRequired(entry.institution, language),
          study: pickRequired(entry.study, language),
          place: pick(entry.place, language),
          period: period(entry.start, entry.end, language, locale),
          url: entry.url,
        })),
      );
      return list && { kind, items: list };
    }
    case "certifications": {
      const list = items(
        cv.certifications.map((entry) => ({
          name: pickRequired(entry.name, language),
          issuer: pick(entry.issuer, language),
          date: entry.date,
          dateText: formatCvDate(entry.date, locale),
          url: entry.url,
        })),
      );
      return list && { kind, items: list };
    }
    case "languages": {
      const list = items(
        cv.languages.map((entry) => ({
          language: pickRequired(entry.language, language),
          level: pick(entry.level, language),
        })),
      );
      return list && { kind, items: list };
    }
    case "projects": {
      const byId = new Map(input.projects.map((row) => [row.id, row]));
      const list = items(
        cv.projects.flatMap((id) => {
          const row = byId.get(id);
          if (!row) return [];
          const other: Language = language === "en" ? "ar" : "en";
          const resultsLang: Language = row[`results_${language}`].length > 0 ? language : other;
          const results = row[`results_${resultsLang}`];
          return [
            {
              title: pickRequired({ en: row.title, ar: row.title_ar }, language),
              client: pick({ en: row.client_en, ar: row.client_ar }, language),
              role: pick({ en: row.role_en, ar: row.role_ar }, language),
              period: pick({ en: row.period_en, ar: row.period_ar }, language),
              stack: row.tags,
              results: results.slice(0, 3).map((text) => ({ text, lang: resultsLang })),
              url: `${origin}${itemPath("projects", { en: row.slug_en, ar: row.slug_ar }, language)}`,
            },
          ];
        }),
      );
      return list && { kind, items: list };
    }
    case "testimonials": {
      const byId = new Map(input.testimonials.map((row) => [row.id, row]));
      const list = items(
        cv.testimonials.flatMap((id) => {
          const row = byId.get(id);
          const quote = row && pick({ en: row.quote_en, ar: row.quote_ar }, language);
          if (!row || !quote) return [];
          return [{ quote, name: row.name, source: [row.role, row.company].filter(Boolean).join(", ") }];
        }),
      );
      return list && { kind, items: list };
    }
  }
}
