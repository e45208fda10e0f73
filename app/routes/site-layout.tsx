import { Outlet, isRouteErrorResponse } from "react-router";
import { RouteErrorScreen } from "#app/components/error-screens.tsx";
import { SiteShell } from "#app/components/site-shell.tsx";
import { pageHead } from "#app/lib/meta.ts";
import type { Route } from "./+types/site-layout";

export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export const meta: Route.MetaFunction = (args) =>
  args.error
    ? isRouteErrorResponse(args.error) && args.error.status === 404
      ? pageHead(args, {
          titleKey: "meta.notFound",
          descriptionKey: "meta.notFoundDescription",
          private: true,
        })
      : pageHead(args, { titleKey: "meta.error", descriptionKey: "meta.errorDescription", private: true })
    : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteShell>
      <RouteErrorScreen error={error} />
    </SiteShell>
  );
}
