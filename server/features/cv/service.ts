import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { readCv, type Cv } from "#core/cv.ts";
import { buildCvView, type CvView } from "#core/cv-view.ts";
import { parseImageUrl } from "#core/images.ts";
import type { Language } from "#core/preferences.ts";
import type { SiteSettings } from "#core/site-settings.ts";
import type { Database } from "#db/client.ts";
import { cvDocument, projects, testimonials } from "#db/schema.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { createCvPdfCache, type Paper } from "./pdf.ts";

// The owner's CV (docs/product.md §32): its own sections in the one row of cv_document, and the view of it in a
// language that the page, the PDF and JSON Resume share, built from the site's settings, the chosen public
// projects and the chosen approved testimonials.

export interface CvDeps {
  db: Database;
  images: Pick<ImageStore, "read">;
  logger: Logger;
  settings: () => Promise<SiteSettings>;
  contentChanged: () => void;
}

const PROJECT_COLUMNS = {
  id: projects.id,
  slug_en: projects.slug_en,
  slug_ar: projects.slug_ar,
  title: projects.title,
  title_ar: projects.title_ar,
  client_en: projects.client_en,
  client_ar: projects.client_ar,
  role_en: projects.role_en,
  role_ar: projects.role_ar,
  period_en: projects.period_en,
  period_ar: projects.period_ar,
  tags: projects.tags,
  results_en: projects.results_en,
  results_ar: projects.results_ar,
};

const TESTIMONIAL_COLUMNS = {
  id: testimonials.id,
  quote_en: testimonials.quote_en,
  quote_ar: testimonials.quote_ar,
  name: testimonials.name,
  role: testimonials.role,
  company: testimonials.company,
};

export function createCv(deps: CvDeps) {
  const { db } = deps;
  const pdfs = createCvPdfCache();

  async function read(): Promise<Cv> {
    const [row] = await db.select().from(cvDocument).where(eq(cvDocument.id, 1)).limit(1);
    return readCv(row?.document);
  }

  // An image's address never names other bytes (uploads are named by time), so the last one read is kept.
  let portrait: { url: string; bytes: Promise<Buffer | null> } | undefined;

  /** The portrait's bytes for the PDF, as JPEG; null when it cannot be read (the CV goes without it). */
  function portraitBytes(url: string): Promise<Buffer | null> {
    if (portrait?.url !== url) portrait = { url, bytes: readPortrait(url) };
    return portrait.bytes;
  }

  async function readPortrait(url: string): Promise<Buffer | null> {
    try {
      const stored = parseImageUrl(url);
      const bytes = stored
        ? await deps.images.read(stored.folder, stored.name)
        : url.startsWith("/images/") && !url.includes("..")
          ? await readFile(path.join(findProjectRoot(), "public", url))
          : null;
      if (!bytes) return null;
      const { default: sharp } = await import("sharp");
      return await sharp(bytes).resize(240, 240, { fit: "cover" }).jpeg({ quality: 82 }).toBuffer();
    } catch (error) {
      deps.logger.warn("the CV's portrait could not be read", { url, error: String(error) });
      return null;
    }
  }

  async function view(language: Language, origin: string): Promise<{ view: CvView; portraitUrl: string }> {
    const [settings, cv] = await Promise.all([deps.settings(), read()]);
    const [chosenProjects, chosenTestimonials] = await Promise.all([
      cv.projects.length === 0
        ? []
        : db
            .select(PROJECT_COLUMNS)
            .from(projects)
            .where(and(inArray(projects.id, cv.projects), eq(projects.published, true))),
      cv.testimonials.length === 0
        ? []
        : db
            .select(TESTIMONIAL_COLUMNS)
            .from(testimonials)
            .where(and(inArray(testimonials.id, cv.testimonials), eq(testimonials.approved, true))),
    ]);
    return {
      view: buildCvView({
        language,
        origin,
        settings,
        cv,
        projects: chosenProjects,
        testimonials: chosenTestimonials,
        portrait: settings.portrait.url !== "",
      }),
      portraitUrl: settings.portrait.url,
    };
  }

  return {
    read,
    /** When the owner last saved the CV (the site's start when never). */
    async updatedAt(): Promise<Date> {
      const [row] = await db.select({ at: cvDocument.updated_at }).from(cvDocument).limit(1);
      return row?.at ?? new Date(0);
    },
    view: async (language: Language, origin: string) => (await view(language, origin)).view,

    /** Saves the whole document; every project and testimonial it names must exist. */
    async save(cv: Cv): Promise<Cv> {
      if (cv.projects.length > 0) {
        const found = await db
          .select({ id: projects.id })
          .from(projects)
          .where(inArray(projects.id, cv.projects));
        const missing = cv.projects.findIndex((id) => !found.some((row) => row.id === id));
        if (missing !== -1) throw new ServiceError(422, "projectNotFound", { path: `projects.${missing}` });
      }
      if (cv.testimonials.length > 0) {
        const found = await db
          .select({ id: testimonials.id })
          .from(testimonials)
          .where(inArray(testimonials.id, cv.testimonials));
        const missing = cv.testimonials.findIndex((id) => !found.some((row) => row.id === id));
        if (missing !== -1)
          throw new ServiceError(422, "testimonialNotFound", { path: `testimonials.${missing}` });
      }
      await db
        .insert(cvDocument)
        .values({ id: 1, document: cv, updated_at: new Date() })
        .onConflictDoUpdate({ target: cvDocument.id, set: { document: cv, updated_at: sql`now()` } });
      deps.contentChanged();
      return cv;
    },

    /** The PDF in a language and paper size, made once per change of what it shows. */
    async pdf(language: Language, origin: string, paper: Paper) {
      const { view: shown, portraitUrl } = await view(language, origin);
      const portrait = shown.portrait ? await portraitBytes(portraitUrl) : null;
      return pdfs.get({ view: shown, paper, portrait });
    },

    /** How many PDFs this process made (tests). */
    get pdfRenders() {
      return pdfs.renders;
    },
  };
}

export type CvService = ReturnType<typeof createCv>;
