import path from "node:path/posix";
import { isUuid } from "#core/ids.ts";
import type { Language } from "#core/preferences.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { ImageRef } from "./items.ts";
import { FrontMatterError, markdownToHtml, parseMarkdownDocument } from "./markdown.ts";

// What our own export holds besides articles (docs/product.md §31): the projects as page bundles
// (`projects/{slug}/index.en.md`, `index.ar.md`, their images beside them), the testimonials and the settings as
// YAML. Read back into what the import writes, each matched by its id, so a second import updates the same ones.

export const PROJECTS_FOLDER = "projects/";

export interface ImportProjectText {
  title: string;
  slug: string;
  description: string;
  category: string;
  client: string;
  role: string;
  period: string;
  results: string[];
  coverAlt: string;
  galleryAlts: string[];
  metaTitle: string;
  metaDescription: string;
  shareImage: ImageRef | null;
  /** The case study's texts as HTML, not yet sanitised. */
  problem: string;
  approach: string;
  outcome: string;
}

export interface ImportProject {
  id: string;
  label: string;
  folder: string;
  published: boolean;
  featured: boolean;
  position: number;
  date: Date;
  tags: string[];
  github: string | null;
  live: string | null;
  cover: ImageRef | null;
  gallery: ImageRef[];
  texts: Partial<Record<Language, ImportProjectText>>;
}

export interface ImportTestimonial {
  id: string;
  label: string;
  name: string;
  role: string;
  company: string;
  quoteEn: string;
  quoteAr: string;
  photo: ImageRef | null;
  projectId: string | null;
  approved: boolean;
  showOnHome: boolean;
  position: number;
  date: Date;
}

export interface SiraExtras {
  projects: ImportProject[];
  testimonials: ImportTestimonial[];
  settings: Record<string, unknown> | null;
}

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(text).filter((entry) => entry !== "") : [];
const ref = (value: unknown): ImageRef | null => {
  const src = text(value);
  if (!src) return null;
  return /^https?:\/\//i.test(src) ? { url: src } : { file: src };
};
const when = (value: unknown): Date => {
  const parsed = new Date(text(value));
  return Number.isNaN(parsed.getTime()) ? new Date(0) : parsed;
};
const whole = (value: unknown): number => {
  const number = Number(value);
  return Number.isInteger(number) ? number : 0;
};

function parse(file: string, source: string): ReturnType<typeof parseMarkdownDocument> {
  try {
    return parseMarkdownDocument(source);
  } catch (error) {
    if (error instanceof FrontMatterError)
      throw new ServiceError(422, "importMalformed", { path: "file", vars: { format: "YAML", file } });
    throw error;
  }
}

/** A YAML file of the export, as a value. */
function yamlFile(files: Map<string, Buffer>, name: string): unknown {
  const bytes = files.get(name);
  if (!bytes) return undefined;
  return parse(name, `---\n${bytes.toString("utf8")}\n---\n`).data;
}

/** A YAML list of the export (a mapping is not a list: the front matter parser refuses one at the top). */
function yamlList(files: Map<string, Buffer>, name: string): unknown[] {
  const bytes = files.get(name);
  if (!bytes) return [];
  const { data } = parse(name, `---\nlist:\n${bytes.toString("utf8").replace(/^/gm, "  ")}\n---\n`);
  return Array.isArray(data.list) ? (data.list as unknown[]) : [];
}

function readProjects(files: Map<string, Buffer>): ImportProject[] {
  const found = new Map<string, ImportProject>();
  for (const [file, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const match = /^projects\/([^/]+)\/index\.(en|ar)\.md$/.exec(file);
    if (!match) continue;
    const language = match[2] as Language;
    const { data, body } = parse(file, bytes.toString("utf8"));
    const id = text(data.translationKey);
    const title = text(data.title);
    if (!isUuid(id) || !title) continue;
    const folder = path.dirname(file);
    const gallery = Array.isArray(data.gallery)
      ? (data.gallery as Record<string, unknown>[]).filter((entry) => typeof entry === "object" && entry)
      : [];
    let project = found.get(id);
    if (!project) {
      project = {
        id,
        label: title,
        folder,
        published: data.draft !== true,
        featured: data.featured === true,
        position: whole(data.position),
        date: when(data.date),
        tags: strings(data.tags),
        github: text(data.github) || null,
        live: text(data.live) || null,
        cover: ref(data.cover),
        gallery: gallery.map((entry) => ref(entry.src)).filter((entry) => entry !== null),
        texts: {},
      };
      found.set(id, project);
    }
    project.texts[language] = {
      title,
      slug: text(data.slug),
      description: body.trim(),
      category: text(data.category),
      client: text(data.client),
      role: text(data.role),
      period: text(data.period),
      results: strings(data.results),
      coverAlt: text(data.coverAlt),
      galleryAlts: gallery.map((entry) => text(entry.alt)),
      metaTitle: text(data.metaTitle),
      metaDescription: text(data.metaDescription),
      shareImage: ref(data.shareImage),
      problem: markdownToHtml(text(data.problem)),
      approach: markdownToHtml(text(data.approach)),
      outcome: markdownToHtml(text(data.outcome)),
    };
  }
  return [...found.values()];
}

function readTestimonials(files: Map<string, Buffer>): ImportTestimonial[] {
  return yamlList(files, "testimonials.yaml").flatMap((value) => {
    if (typeof value !== "object" || value === null) return [];
    const entry = value as Record<string, unknown>;
    const id = text(entry.id);
    const name = text(entry.name);
    if (!isUuid(id) || !name) return [];
    const project = text(entry.project);
    return [
      {
        id,
        label: name,
        name,
        role: text(entry.role),
        company: text(entry.company),
        quoteEn: text(entry.quote_en),
        quoteAr: text(entry.quote_ar),
        photo: ref(entry.photo),
        projectId: isUuid(project) ? project : null,
        approved: entry.approved !== false,
        showOnHome: entry.showOnHome === true,
        position: whole(entry.position),
        date: when(entry.date),
      },
    ];
  });
}

/** The projects, testimonials and settings of our own export. */
export function readSiraExtras(files: Map<string, Buffer>): SiraExtras {
  const settings = yamlFile(files, "settings.yaml");
  return {
    projects: readProjects(files),
    testimonials: readTestimonials(files),
    settings:
      typeof settings === "object" && settings !== null && !Array.isArray(settings)
        ? (settings as Record<string, unknown>)
        : null,
  };
}
