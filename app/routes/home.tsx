import { HydrateInTurn } from "#app/components/hydrate-in-turn.tsx";
import { LazySection, defineSection, sectionsSettled } from "#app/components/section-boundary.tsx";
import { Hero } from "#app/features/home/hero.tsx";
import { loadProjects } from "#app/features/projects/load-projects.server.ts";
import { metaText, ownerJsonLd, pageHead } from "#app/lib/meta.ts";
import { localizePath } from "#core/localized-paths.ts";
import { requestLanguage } from "#app/lib/language.ts";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  // The sections' code is loaded before the page renders, as it is in the browser before hydrating (LazySection).
  const [featured] = await Promise.all([loadProjects(context, language, "home"), sectionsSettled()]);
  return { featured };
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
      },
    ],
  });
};

const featuredSection = defineSection(() => import("#app/features/home/featured-projects.tsx"));
const servicesSection = defineSection(() => import("#app/features/home/services-overview.tsx"));

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* The longest page hydrates a section at a time on its first load (decision 032). */}
      <HydrateInTurn>
        <Hero />
      </HydrateInTurn>
      <HydrateInTurn>
        <LazySection section={featuredSection} props={{ featured: loaderData.featured }} />
      </HydrateInTurn>
      <HydrateInTurn>
        <LazySection section={servicesSection} props={{}} />
      </HydrateInTurn>
    </>
  );
}
