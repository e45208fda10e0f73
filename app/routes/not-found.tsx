import { data } from "react-router";
import { NotFoundScreen } from "#app/components/error-screens.tsx";
import { redirectOldAddress } from "#app/features/moving/old-address.server.ts";
import { pageHead } from "#app/lib/meta.ts";
import type { Route } from "./+types/not-found";

export async function loader({ context, request }: Route.LoaderArgs) {
  await redirectOldAddress(context, request);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, { titleKey: "meta.notFound", descriptionKey: "meta.notFoundDescription", private: true });

export default function NotFound() {
  return <NotFoundScreen />;
}
