import { LazySection } from "#app/components/section-boundary.tsx";
import { Hero } from "#app/features/home/hero.tsx";
import { publicTestimonials } from "#app/features/projects/load-case-study.server.ts";
import { loadHomeProjects } from "#app/features/projects/load-projects.server.ts";
import { metaText, ownerJsonLd, pageHead } from "#app/lib/meta.ts";
import { localizePath } from "#core/localized-paths.ts";
import { readForPage } from "#app/lib/services.server.ts";
import { requestLanguage } from "#app/lib/language.ts";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const { data: testimonials } = await readForPage(context, "testimonials", ({ testimonials }) =>
    testimonials.listHome(),
  );
  const { data: cv } = await readForPage(context, "cv", ({ cv }) => cv.read());
  return {
    cvLink: cv?.downloadLink.hero ?? false,
    featured: await loadHomeProjects(context, language),
    testimonials: await publicTestimonials(context, testimonials ?? [], language),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const { language, origin, text, site } = metaText(args);
  return pageHead(args, {
    titleKey: "meta.home",
    descriptionKey: "meta.homeDescription",
    jsonLd: [
      ownerJsonLd(origin, language, site),
      {
        "@type": "WebSite",
        name: text("meta.home"),
        url: origin + localizePath("/", language),
        inLanguage: language,
        // The site's search (docs/product.md §30), for search engines' sitelinks search box.
        potentialAction: {
          "@type": "SearchAction",
          target: {
            "@type": "EntryPoint",
            urlTemplate: `${origin}${localizePath("/search", language)}?q={search_term_string}`,
          },
          "query-input": "required name=search_term_string",
        },
      },
    ],
  });
};

const loadFeatured = () => import("#app/features/home/featured-projects.tsx");
const loadServices = () => import("#app/features/home/services-overview.tsx");
const loadTestimonials = () => import("#app/features/home/testimonials-section.tsx");

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero cvLink={loaderData.cvLink} />
      <LazySection load={loadFeatured} props={{ featured: loaderData.featured }} />
      {loaderData.testimonials.length > 0 ? (
        <LazySection load={loadTestimonials} props={{ testimonials: loaderData.testimonials }} />
      ) : null}
      <LazySection load={loadServices} props={{}} />
    </>
  );
}
