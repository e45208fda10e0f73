import { Suspense, lazy } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { data } from "react-router";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { pageHead } from "#app/lib/meta.ts";
import { getServices } from "#app/lib/services.server.ts";
import type { Route } from "./+types/admin";

// The owner's admin page (docs/product.md §2), at ADMIN_PATH only. The server sends a shell with a spinner; the admin app,
// its editor included, is a separate chunk loaded in the browser, so none of it reaches a public page.

export function loader({ params, context }: Route.LoaderArgs) {
  if (`/${params.page}` !== getServices(context).site.adminPath) throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = (args) => [
  ...pageHead(args, { titleKey: "meta.admin", private: true }),
  { name: "robots", content: "noindex, nofollow" },
];

const AdminApp = lazy(() => import("#app/features/admin/admin-app.tsx"));

export default function AdminRoute() {
  const inBrowser = useHydrated();
  const fallback = <Spinner className="py-24" />;
  return inBrowser ? <Suspense fallback={fallback}>{<AdminApp />}</Suspense> : fallback;
}
