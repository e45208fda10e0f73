import type { ImageInfo } from "./images.ts";
import type { Language } from "./preferences.ts";
import { itemPath } from "./slugs.ts";

/** What the category rules need of a project (the full shape is db/records.ts Project). */
interface Categorized {
  category: string;
}

/** A case study's rich-text columns (docs/product.md §28): sanitised HTML, which may hold stored images. */
export const CASE_STUDY_TEXTS = [
  "problem_en",
  "problem_ar",
  "approach_en",
  "approach_ar",
  "outcome_en",
  "outcome_ar",
] as const;

export const PROJECT_LIMITS = {
  title: 200,
  description: 5000,
  category: 60,
  tag: 40,
  tags: 30,
  url: 2000,
  imageAlt: 300,
  /** Client, role and period: a line each. */
  caseText: 200,
  /** Problem, approach and outcome, each in each language: the editor's HTML. */
  richText: 200_000,
  result: 80,
  results: 8,
  gallery: 24,
};

/** A project's stored texts in both languages (db/records.ts Project has these and more). */
export interface BilingualProject {
  id: string;
  /** Its case study's slug in each language (docs/product.md §28, decision 015); the samples have none. */
  slug_en?: string;
  slug_ar?: string;
  title: string;
  title_ar: string;
  description: string;
  description_ar: string;
  category: string;
  category_ar: string;
  image_url: string | null;
  image_alt_en: string;
  image_alt_ar: string;
  github_link: string | null;
  live_link: string | null;
  tags: string[];
  created_at: string;
}

/** A project as a public page shows it, in one language. */
export interface PublicProject {
  id: string;
  /** Its case study's address in the page's language (`/ar/projects/{slug_ar}`); null for the samples. */
  path: string | null;
  title: string;
  description: string;
  category: string;
  image_url: string | null;
  /** What the image shows, in the page's language; empty for the fallback drawing. */
  image_alt: string;
  /** The upload's responsive variants, when it has them (added by the page's loader). */
  image_info?: ImageInfo | null;
  github_link: string | null;
  live_link: string | null;
  tags: string[];
  created_at: string;
  /**
   * The language of each text shown in the other language because the page's is empty (decision 015): its own
   * `lang` and `dir` on the card. Absent when every text is in the page's language.
   */
  fallback?: Partial<Record<"title" | "description" | "category", Language>>;
}

/**
 * The project in one language (docs/product.md §5): the Arabic texts on Arabic pages, each falling back to the
 * English when empty, as article titles do; the English texts on English pages.
 */
export function localizeProject(project: BilingualProject, language: Language): PublicProject {
  const pick = (en: string, ar: string) => pickText(en, ar, language).text;
  const fallback: NonNullable<PublicProject["fallback"]> = {};
  for (const field of ["title", "description", "category"] as const) {
    const shown = pickText(project[field], project[`${field}_ar`], language);
    if (shown.lang !== language) fallback[field] = shown.lang;
  }
  return {
    ...(Object.keys(fallback).length > 0 ? { fallback } : {}),
    id: project.id,
    path: project.slug_en ? itemPath("projects", caseStudySlugs(project), language) : null,
    title: pick(project.title, project.title_ar),
    description: pick(project.description, project.description_ar),
    category: pick(project.category, project.category_ar),
    image_url: project.image_url,
    image_alt: language === "ar" ? project.image_alt_ar || project.image_alt_en : project.image_alt_en,
    github_link: project.github_link,
    live_link: project.live_link,
    tags: project.tags,
    created_at: project.created_at,
  };
}

/** A project's slugs: the Arabic one is the English one when it has none (decision 015). */
function caseStudySlugs(project: { slug_en?: string; slug_ar?: string }) {
  return { en: project.slug_en ?? "", ar: project.slug_ar || project.slug_en || "" };
}

/** A text of a page and the language it is in: the page's, or English standing in (docs/product.md §3.5). */
export interface LocalText {
  text: string;
  lang: Language;
}

/**
 * The page's language's text, or the other language's when it is empty: an item written in one language alone is
 * whole in either (docs/product.md §3.5).
 */
export function pickText(en: string, ar: string, language: Language): LocalText {
  const own = language === "ar" ? ar : en;
  if (own.trim() !== "") return { text: own, lang: language };
  const other = language === "ar" ? en : ar;
  return other.trim() !== ""
    ? { text: other, lang: language === "ar" ? "en" : "ar" }
    : { text: own, lang: language };
}

/** A project's case study in both languages (db/records.ts OwnerProject has these and more). */
export interface BilingualCaseStudy extends BilingualProject {
  slug_en: string;
  slug_ar: string;
  meta_title_en: string;
  meta_title_ar: string;
  meta_description_en: string;
  meta_description_ar: string;
  share_image_en: string | null;
  share_image_ar: string | null;
  published: boolean;
  client_en: string;
  client_ar: string;
  role_en: string;
  role_ar: string;
  period_en: string;
  period_ar: string;
  problem_en: string;
  problem_ar: string;
  approach_en: string;
  approach_ar: string;
  outcome_en: string;
  outcome_ar: string;
  results_en: string[];
  results_ar: string[];
  gallery: { url: string; alt_en: string; alt_ar: string }[];
}

/** A case study as its page shows it in one language (docs/product.md §28). */
export interface CaseStudy {
  id: string;
  /** Its address in each language (decision 015). */
  paths: Record<Language, string>;
  /** The owner's search and share texts in the page's language (decision 015); empty: the title and summary. */
  metaTitle: string;
  metaDescription: string;
  /** The owner's share image for the page's language; null: the generated share card. */
  shareImage: string | null;
  published: boolean;
  title: LocalText;
  summary: LocalText;
  client: LocalText;
  role: LocalText;
  period: LocalText;
  /** Sanitised HTML, stored so (decision 048). */
  problem: LocalText;
  approach: LocalText;
  outcome: LocalText;
  results: { items: string[]; lang: Language };
  tags: string[];
  github_link: string | null;
  live_link: string | null;
  image_url: string | null;
  image_alt: string;
  gallery: { url: string; alt: string }[];
  created_at: string;
}

export function localizeCaseStudy(project: BilingualCaseStudy, language: Language): CaseStudy {
  const text = (name: "client" | "role" | "period" | "problem" | "approach" | "outcome") =>
    pickText(project[`${name}_en`], project[`${name}_ar`], language);
  const other: Language = language === "ar" ? "en" : "ar";
  const resultsIn: Language = project[`results_${language}`].length > 0 ? language : other;
  return {
    id: project.id,
    paths: {
      en: itemPath("projects", caseStudySlugs(project), "en"),
      ar: itemPath("projects", caseStudySlugs(project), "ar"),
    },
    metaTitle: project[`meta_title_${language}`],
    metaDescription: project[`meta_description_${language}`],
    shareImage: project[`share_image_${language}`],
    published: project.published,
    title: pickText(project.title, project.title_ar, language),
    summary: pickText(project.description, project.description_ar, language),
    client: text("client"),
    role: text("role"),
    period: text("period"),
    problem: text("problem"),
    approach: text("approach"),
    outcome: text("outcome"),
    results: { items: project[`results_${resultsIn}`], lang: resultsIn },
    tags: project.tags,
    github_link: project.github_link,
    live_link: project.live_link,
    image_url: project.image_url,
    image_alt: language === "ar" ? project.image_alt_ar || project.image_alt_en : project.image_alt_en,
    gallery: project.gallery.map((image) => ({
      url: image.url,
      alt: language === "ar" ? image.alt_ar || image.alt_en : image.alt_en,
    })),
    created_at: project.created_at,
  };
}

/** An absolute http(s) address, as the browser's URL input and the server both require. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Tags are typed comma-separated: split on commas, each trimmed, blanks and repeats dropped (docs/product.md §5). */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ""),
    ),
  ];
}

export const ALL_CATEGORIES = "All";

/** 'All' plus the distinct non-empty categories, in order of first appearance (docs/product.md §3). */
export function projectCategories(projects: readonly Categorized[]): string[] {
  const seen = new Set<string>();
  for (const project of projects) {
    const category = project.category.trim();
    // A project filed under a category literally named "All" must not add a second "All" button.
    if (category !== "" && category !== ALL_CATEGORIES) seen.add(category);
  }
  return [ALL_CATEGORIES, ...seen];
}

export function filterProjects<P extends Categorized>(projects: readonly P[], category: string): P[] {
  if (category === ALL_CATEGORIES) return [...projects];
  return projects.filter((project) => project.category.trim() === category);
}

/**
 * The samples of a category in a language (of every category with null), with the samples' categories; null for
 * a category no sample has (docs/product.md §3.3).
 */
export function sampleCategory(
  language: Language,
  category: string | null,
): { projects: PublicProject[]; categories: string[] } | null {
  const samples = sampleProjects(language);
  const categories = projectCategories(samples).slice(1);
  if (category !== null && !categories.includes(category)) return null;
  return { projects: filterProjects(samples, category ?? ALL_CATEGORIES), categories };
}

interface SampleText {
  title: string;
  description: string;
}

const SAMPLES: { category: string; tags: string[]; text: Record<Language, SampleText> }[] = [
  {
    category: "React",
    tags: ["React", "TailwindCSS", "Node.js"],
    text: {
      en: {
        title: "E-commerce storefront",
        description: "A fast online shop with a cart, secure checkout and an order dashboard.",
      },
      ar: {
        title: "متجر إلكتروني",
        description: "متجر سريع على الإنترنت مع سلة مشتريات ودفع آمن ولوحة لمتابعة الطلبات.",
      },
    },
  },
  {
    category: "Vue.js",
    tags: ["Vue.js", "Pinia", "Chart.js"],
    text: {
      en: {
        title: "Analytics dashboard",
        description: "Live charts and reports that turn a company's data into clear decisions.",
      },
      ar: {
        title: "لوحة تحليلات",
        description: "رسوم بيانية وتقارير حية تحوّل بيانات الشركة إلى قرارات واضحة.",
      },
    },
  },
  {
    category: "Svelte",
    tags: ["Svelte", "TypeScript"],
    text: {
      en: {
        title: "Task planner",
        description: "A lightweight planner with drag-and-drop boards and offline support.",
      },
      ar: {
        title: "مخطط المهام",
        description: "مخطط خفيف بلوحات سحب وإفلات ويعمل دون اتصال بالإنترنت.",
      },
    },
  },
  {
    category: "React Native",
    tags: ["React Native", "Expo"],
    text: {
      en: {
        title: "Fitness companion app",
        description: "A mobile app that tracks workouts, meals and progress on iOS and Android.",
      },
      ar: {
        title: "تطبيق اللياقة البدنية",
        description: "تطبيق جوال يتابع التمارين والوجبات والتقدم على iOS وأندرويد.",
      },
    },
  },
];

/** The four built-in sample projects (docs/product.md §3): ids dummy-proj-1..4, placeholder links. */
export function sampleProjects(language: Language): PublicProject[] {
  return SAMPLES.map((sample, index) => ({
    id: `dummy-proj-${index + 1}`,
    path: null,
    title: sample.text[language].title,
    description: sample.text[language].description,
    category: sample.category,
    image_url: `/images/sample-project-${index + 1}.webp`,
    image_alt: "",
    github_link: "https://github.com/",
    live_link: "https://example.com/",
    tags: sample.tags,
    created_at: "2025-01-01T00:00:00.000Z",
  }));
}

/**
 * A testimonial as a public page shows it (docs/product.md §29): the quote in the page's language, or the other; the
 * client's photo with its variants (the page's loader adds them).
 */
export interface PublicTestimonial {
  id: string;
  name: string;
  role: string;
  company: string;
  quote: LocalText;
  photo_url: string | null;
  photo_info: ImageInfo | null;
}

export function localizeTestimonial(
  row: {
    id: string;
    name: string;
    role: string;
    company: string;
    quote_en: string;
    quote_ar: string;
    photo_url: string | null;
  },
  language: Language,
): PublicTestimonial {
  const quote =
    language === "ar"
      ? row.quote_ar
        ? { text: row.quote_ar, lang: "ar" as const }
        : { text: row.quote_en, lang: "en" as const }
      : row.quote_en
        ? { text: row.quote_en, lang: "en" as const }
        : { text: row.quote_ar, lang: "ar" as const };
  const { id, name, role, company, photo_url } = row;
  return { id, name, role, company, quote, photo_url, photo_info: null };
}
