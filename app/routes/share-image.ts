import { data } from "react-router";
import { shareImage } from "#app/features/discovery/discovery.server.ts";
import type { Route } from "./+types/share-image";

export function loader({ context, request, params }: Route.LoaderArgs) {
  const page = /^(.+)\.png$/.exec(params["*"] ?? "")?.[1];
  if ((params.lang !== "en" && params.lang !== "ar") || !page) throw data(null, { status: 404 });
  return shareImage(context, request, params.lang, page);
}
