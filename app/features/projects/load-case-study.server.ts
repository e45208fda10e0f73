import { redirect, type RouterContextProvider } from "react-router";
import type { ImageInfo } from "#core/images.ts";
import type { Language } from "#core/preferences.ts";
import { itemPath } from "#core/slugs.ts";
import {
  localizeCaseStudy,
  localizeTestimonial,
  type CaseStudy,
  type PublicTestimonial,
} from "#core/projects.ts";
import type { OwnerProject, Testimonial } from "#db/records.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { getPageRequest, readForPage, withImageInfo } from "#app/lib/services.server.ts";

/** A case study with the responsive variants of its images (docs/product.md §13). */
export interface CaseStudyView extends CaseStudy {
  image_info: ImageInfo | null;
  gallery: { url: string; alt: string; image_info: ImageInfo | null }[];
  /** What clients said of it, approved (docs/product.md §29). */
  testimonials: PublicTestimonial[];
}

export interface CaseStudyPage {
  status: 200 | 404 | 410 | 503;
  errorKey: TranslationKey | null;
  project: CaseStudyView | null;
}

/** Approved testimonials as a public page shows them, with the variants of each client's photo. */
export async function publicTestimonials(
  context: Readonly<RouterContextProvider>,
  rows: Testimonial[],
  language: Language,
): Promise<PublicTestimonial[]> {
  const photos = await withImageInfo(
    context,
    rows.map((row) => ({ image_url: row.photo_url })),
  );
  return rows.map((row, index) => ({
    ...localizeTestimonial(row, language),
    photo_info: photos[index]!.image_info,
  }));
}

async function pageOf(
  context: Readonly<RouterContextProvider>,
  read: { data: OwnerProject | null; errorKey: TranslationKey | null },
  language: Language,
): Promise<CaseStudyPage> {
  if (read.errorKey) return { status: 503, errorKey: read.errorKey, project: null };
  if (!read.data) return { status: 404, errorKey: null, project: null };
  const study = localizeCaseStudy(read.data, language);
  const projectId = read.data.id;
  const { data: testimonials } = await readForPage(context, "testimonials", ({ testimonials }) =>
    testimonials.forProject(projectId),
  );
  const [cover, ...gallery] = await withImageInfo(context, [
    { image_url: study.image_url },
    ...study.gallery.map((image) => ({ image_url: image.url })),
  ]);
  return {
    status: 200,
    errorKey: null,
    project: {
      ...study,
      image_info: cover!.image_info,
      gallery: study.gallery.map((image, index) => ({ ...image, image_info: gallery[index]!.image_info })),
      testimonials: await publicTestimonials(context, testimonials ?? [], language),
    },
  };
}

/**
 * The public case study at its address in the page's language (docs/product.md §28): `/projects/{slug_en}` or
 * `/ar/projects/{slug_ar}`. An address the project had before, or its slug in the other language, answers 301 to
 * its current address; the address of a deleted project answers 410 (decision 015).
 */
export async function loadCaseStudy(
  context: Readonly<RouterContextProvider>,
  slug: string,
  language: Language,
): Promise<CaseStudyPage> {
  const { data: answer, errorKey } = await readForPage(context, `project ${slug}`, ({ projects }) =>
    projects.atAddress(language, slug),
  );
  if (errorKey) return { status: 503, errorKey, project: null };
  if (!answer) return { status: 404, errorKey: null, project: null };
  if ("movedTo" in answer)
    throw redirect(itemPath("projects", { en: answer.movedTo, ar: answer.movedTo }, language), 301);
  if ("gone" in answer) return { status: 410, errorKey: null, project: null };
  return pageOf(context, { data: answer.item, errorKey: null }, language);
}

/** Any project, draft or public, for the owner's preview (docs/product.md §28.2); 404 without the session. */
export async function loadCaseStudyPreview(
  context: Readonly<RouterContextProvider>,
  id: string,
  language: Language,
): Promise<CaseStudyPage> {
  const owner = getPageRequest(context).owner;
  const read = await readForPage(context, `project preview ${id}`, async ({ projects }) =>
    owner ? projects.forPreview(id) : null,
  );
  return pageOf(context, read, language);
}
