import { LazySection } from "#app/components/section-boundary.tsx";
import { Hero } from "#app/features/home/hero.tsx";
import { loadProjects } from "#app/features/projects/load-projects.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { readPreferences } from "#core/preferences.ts";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = readPreferences(request.headers.get("Cookie"));
  const result = await loadProjects(context, language);
  return { featured: { ...result, projects: result.projects.slice(0, 3) } };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "meta.home", "meta.homeDescription");

const loadFeatured = () => import("#app/features/home/featured-projects.tsx");
const loadServices = () => import("#app/features/home/services-overview.tsx");

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <LazySection load={loadFeatured} props={{ featured: loaderData.featured }} />
      <LazySection load={loadServices} props={{}} />
    </>
  );
}
