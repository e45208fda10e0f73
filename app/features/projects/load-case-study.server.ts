import type { RouterContextProvider } from "react-router";
import type { ImageInfo } from "#core/images.ts";
import type { Language } from "#core/preferences.ts";
import {
  localizeCaseStudy,
  localizeTestimonial,
  type CaseStudy,
  type PublicTestimonial,
} from "#core/projects.ts";
import type { OwnerProject } from "#db/records.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { getPageRequest, readForPage, withImageInfo } from "#app/lib/services.server.ts";

/** A case study with the responsive variants of its images (docs/product.md §13). */
export interface CaseStudyView extends CaseStudy {
  image_info: ImageInfo | null;
  gallery: { url: string; alt: string; image_info: ImageInfo | null }[];
  /** What clients said of it, approved (docs/product.md §28). */
  testimonials: PublicTestimonial[];
}

export interface CaseStudyPage {
  status: 200 | 404 | 503;
  errorKey: TranslationKey | null;
  project: CaseStudyView | null;
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
      testimonials: (testimonials ?? []).map((row) => localizeTestimonial(row, language)),
    },
  };
}

/** The public case study at /projects/{slug} in the page's language (docs/product.md §27). */
export async function loadCaseStudy(
  context: Readonly<RouterContextProvider>,
  slug: string,
  language: Language,
): Promise<CaseStudyPage> {
  const read = await readForPage(context, `project ${slug}`, ({ projects }) => projects.bySlug(slug));
  return pageOf(context, read, language);
}

/** Any project, draft or public, for the owner's preview (docs/product.md §27.2); 404 without the session. */
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
