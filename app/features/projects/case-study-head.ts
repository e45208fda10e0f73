import type { MetaDescriptor } from "react-router";
import type { CaseStudy, PublicTestimonial } from "#core/projects.ts";
import { metaText, ownerJsonLd, pageHead, shareImagePath } from "#app/lib/meta.ts";

type HeadArgs = Parameters<typeof pageHead>[0];

/**
 * A case study's <head> (docs/product.md §28): its title and summary, the share image, breadcrumbs, and a
 * schema.org CreativeWork with its images and the owner as author.
 */
export function caseStudyHead(
  args: HeadArgs,
  project: CaseStudy & { testimonials: PublicTestimonial[] },
): MetaDescriptor[] {
  const { language, origin, text, site } = metaText(args);
  const path = project.paths[language];
  const images = [project.shareImage, project.image_url, ...project.gallery.map((image) => image.url)].filter(
    (url): url is string => url !== null,
  );
  return pageHead(args, {
    titleKey: "meta.project",
    alternates: project.paths,
    canonicalPath: path,
    vars: { title: project.metaTitle || project.title.text },
    description: project.metaDescription || project.summary.text || undefined,
    type: "article",
    image: project.shareImage,
    breadcrumbs: [
      [text("nav.projects"), "/projects"],
      [project.title.text, path],
    ],
    jsonLd: [
      {
        "@type": "CreativeWork",
        name: project.title.text,
        ...(project.summary.text ? { abstract: project.summary.text } : {}),
        url: origin + path,
        image:
          images.length > 0 ? images.map((url) => origin + url) : origin + shareImagePath(path, language),
        author: ownerJsonLd(origin, language, site),
        dateCreated: project.created_at,
        inLanguage: language,
        ...(project.tags.length > 0 ? { keywords: project.tags.join(", ") } : {}),
        // What clients said of the work, approved by the owner (docs/product.md §29.3).
        ...(project.testimonials.length > 0
          ? {
              review: project.testimonials.map((testimonial) => ({
                "@type": "Review",
                author: { "@type": "Person", name: testimonial.name },
                reviewBody: testimonial.quote.text,
                inLanguage: testimonial.quote.lang,
              })),
            }
          : {}),
        ...(project.client.text
          ? { sourceOrganization: { "@type": "Organization", name: project.client.text } }
          : {}),
      },
    ],
  });
}
