import { Outlet, isRouteErrorResponse } from "react-router";
import { RouteErrorScreen } from "#app/components/error-screens.tsx";
import { SiteShell } from "#app/components/site-shell.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/site-layout";

export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  error
    ? isRouteErrorResponse(error) && error.status === 404
      ? pageMeta(matches, "meta.notFound", "meta.notFoundDescription")
      : pageMeta(matches, "meta.error", "meta.errorDescription")
    : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteShell>
      <RouteErrorScreen error={error} />
    </SiteShell>
  );
}
