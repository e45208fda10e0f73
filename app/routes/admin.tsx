import { lazy, Suspense } from "react";
import { data } from "react-router";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { pageHead } from "#app/lib/meta.ts";
import { getServices } from "#app/lib/services.server.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { checkSession, isSignedIn } from "#app/features/admin/api/session.ts";
import { signInAction } from "#app/features/admin/shell/sign-in-action.ts";
import { SignInView } from "#app/features/admin/shell/sign-in-view.tsx";
import { allowRuntimeStyles } from "#app/features/admin/style-nonce.ts";
import type { Route } from "./+types/admin";

// The owner's admin page (docs/product.md §2.10), at ADMIN_PATH and below it only. It renders in the browser: the
// server sends a spinner (HydrateFallback) and never the owner's data; each view is a child route whose code loads
// when it opens, so none of it reaches a public page.

export function loader({ params, context }: Route.LoaderArgs) {
  if (`/${params.admin}` !== getServices(context).site.adminPath) throw data(null, { status: 404 });
  return null;
}

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [checkSession];

export async function clientLoader({ context }: Route.ClientLoaderArgs) {
  allowRuntimeStyles();
  const signedIn = isSignedIn(context);
  // Started now, awaited by the lazy component; a failure shows there (the view's error boundary).
  if (signedIn) loadShell().catch(() => undefined);
  // The Messages link counts the unread messages (docs/product.md §21.3) and those held for review, which no
  // e-mail announces one by one; the view itself says why it cannot.
  const { unread, held } = signedIn
    ? await call(() => api.messages.$get({ query: { perPage: "1" } })).then(
        (inbox) => ({ unread: inbox.unread, held: inbox.held }),
        () => ({ unread: 0, held: 0 }),
      )
    : { unread: 0, held: 0 };
  return { signedIn, unread, held };
}
clientLoader.hydrate = true as const;

export const clientAction = ({ request }: Route.ClientActionArgs) => signInAction(request);

export const meta: Route.MetaFunction = (args) => [
  ...pageHead(args, { titleKey: "meta.admin", private: true }),
  { name: "robots", content: "noindex, nofollow" },
];

export function HydrateFallback() {
  return <Spinner className="py-24" />;
}

// The sign-in needs none of the views' frame (links, dialogs): it comes once the owner is in, fetched while the
// loaders fetch the owner's data rather than after them.
const loadShell = () =>
  import("#app/features/admin/shell/admin-shell.tsx").then((module) => ({ default: module.AdminShell }));
const AdminShell = lazy(loadShell);

export default function AdminRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <SignInView />;
  return (
    <Suspense fallback={<Spinner className="py-24" />}>
      <AdminShell unread={loaderData.unread} held={loaderData.held} />
    </Suspense>
  );
}
