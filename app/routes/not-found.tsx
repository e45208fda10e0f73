import { data } from "react-router";
import { NotFoundScreen } from "#app/components/error-screens.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "meta.notFound", "meta.notFoundDescription");

export default function NotFound() {
  return <NotFoundScreen />;
}
