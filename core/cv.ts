import { z } from "./zod.ts";
import { isHttpUrl } from "./site-settings.ts";

// The owner's CV (docs/product.md §32): the sections only a CV needs (experience, education, certifications,
// languages spoken), written in English, Arabic or both, and the choice of which sections and projects appear, in
// which order. Everything else on the CV (name, role, bio, skills, services, contact details) comes from the site's
// settings, the projects and the testimonials, so the CV never drifts from the site. One schema checks every save
// from the admin and every stored document read back; each message is a key of core/api-errors.ts.

export const CV_LIMITS = {
  line: 200,
  highlight: 400,
  summary: 2000,
  highlights: 10,
  entries: 60,
  projects: 12,
  testimonials: 3,
};

/** A text in either language or both: the other language shows it marked with its own `lang`. */
const eitherLanguage = (max: number) =>
  z
    .object({
      en: z.string().trim().max(max, { error: "tooLong" }),
      ar: z.string().trim().max(max, { error: "tooLong" }),
    })
    .refine((text) => text.en !== "" || text.ar !== "", { error: "cvTextRequired" });

/** The same, but it may be left empty in both languages. */
const optionalText = (max: number) =>
  z.object({
    en: z.string().trim().max(max, { error: "tooLong" }),
    ar: z.string().trim().max(max, { error: "tooLong" }),
  });

/** A year ("2019") or a month ("2019-04"), as JSON Resume's dates are written. */
export const CV_DATE = /^(19|20)\d\d(-(0[1-9]|1[0-2]))?$/;
const date = z.string().trim().regex(CV_DATE, { error: "cvDate" });
/** An end date, or empty for "to date". */
const endDate = z.union([z.literal(""), date], { error: "cvDate" });

const url = z
  .string()
  .trim()
  .max(500, { error: "tooLong" })
  .refine((value) => value === "" || isHttpUrl(value), { error: "invalidUrl" });

const entries = <Item extends z.ZodType>(item: Item) =>
  z.array(item).max(CV_LIMITS.entries, { error: "tooManyEntries" });

export const CvExperienceSchema = z.object({
  role: eitherLanguage(CV_LIMITS.line),
  organisation: eitherLanguage(CV_LIMITS.line),
  place: optionalText(CV_LIMITS.line),
  start: date,
  end: endDate,
  url,
  highlights: z
    .array(eitherLanguage(CV_LIMITS.highlight))
    .max(CV_LIMITS.highlights, { error: "tooManyEntries" }),
});

export const CvEducationSchema = z.object({
  institution: eitherLanguage(CV_LIMITS.line),
  study: eitherLanguage(CV_LIMITS.line),
  place: optionalText(CV_LIMITS.line),
  start: date,
  end: endDate,
  url,
});

export const CvCertificationSchema = z.object({
  name: eitherLanguage(CV_LIMITS.line),
  issuer: optionalText(CV_LIMITS.line),
  date,
  url,
});

export const CvLanguageSchema = z.object({
  language: eitherLanguage(CV_LIMITS.line),
  level: optionalText(CV_LIMITS.line),
});

/** The CV's sections; the owner lists those that appear, in their order. */
export const CV_SECTIONS = [
  "summary",
  "experience",
  "projects",
  "skills",
  "services",
  "education",
  "certifications",
  "languages",
  "testimonials",
] as const;

export type CvSection = (typeof CV_SECTIONS)[number];

export const CvSchema = z
  .object({
    sections: z
      .array(z.enum(CV_SECTIONS, { error: "cvSection" }))
      .refine((sections) => new Set(sections).size === sections.length, { error: "cvSectionTwice" }),
    experience: entries(CvExperienceSchema),
    education: entries(CvEducationSchema),
    certifications: entries(CvCertificationSchema),
    languages: entries(CvLanguageSchema),
    /** The projects shown, by id, in this order. */
    projects: z
      .array(z.uuid({ error: "projectNotFound" }))
      .max(CV_LIMITS.projects, { error: "tooManyEntries" }),
    /** The approved testimonials shown, by id, in this order. */
    testimonials: z
      .array(z.uuid({ error: "testimonialNotFound" }))
      .max(CV_LIMITS.testimonials, { error: "tooManyEntries" }),
    /** Where a "Download CV" link is shown besides the CV page itself. */
    downloadLink: z.object({ hero: z.boolean(), about: z.boolean() }),
  })
  .strip();

export type Cv = z.output<typeof CvSchema>;
export type CvExperience = Cv["experience"][number];
export type CvEducation = Cv["education"][number];
export type CvCertification = Cv["certifications"][number];
export type CvLanguage = Cv["languages"][number];

/** What a site that never saved its CV shows: what the site already knows, in a usual order. */
export const DEFAULT_CV: Cv = {
  sections: [
    "summary",
    "experience",
    "projects",
    "skills",
    "services",
    "education",
    "certifications",
    "languages",
  ],
  experience: [],
  education: [],
  certifications: [],
  languages: [],
  projects: [],
  testimonials: [],
  downloadLink: { hero: false, about: false },
};

/** A stored document, or the default when it is missing or no longer passes the schema. */
export function readCv(stored: unknown): Cv {
  const parsed = CvSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_CV;
}
