import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouterContextProvider } from "react-router";
import routes from "#app/routes.ts";
import type { PageRoutes } from "#server/ssr/page-handler.ts";
import { nonceContext } from "#server/ssr/context.ts";

/**
 * A stand-in for React Router's renderer in API tests (the real one is the build's, which the end-to-end tests
 * use): a page per address with inline scripts written with the request's nonce, as React Router writes them, and
 * its hydration data; 404 for an address not in `pages`, and for a list page past `lastPage`. It counts what it
 * renders.
 */
export function standInPages(
  pages: readonly string[] = ["/", "/about", "/projects", "/articles", "/contact", "/ar", "/ar/about"],
  lastPage = 1,
) {
  const rendered: string[] = [];
  const ssr = (request: Request, context: RouterContextProvider): Promise<Response> => {
    const url = new URL(request.url);
    rendered.push(`${url.pathname}${url.search}`);
    // React Router's data request of a navigation in the browser: the page's data, as a script.
    if (url.pathname.endsWith(".data")) {
      const page = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
      const known = pages.includes(page);
      return Promise.resolve(
        new Response(JSON.stringify({ page }), {
          status: known ? 200 : 404,
          headers: { "Content-Type": "text/x-script" },
        }),
      );
    }
    const nonce = context.get(nonceContext);
    const page = Number(url.searchParams.get("page") ?? "1");
    const found = pages.includes(url.pathname) && (!url.searchParams.has("page") || page <= lastPage);
    const language = url.pathname === "/ar" || url.pathname.startsWith("/ar/") ? "ar" : "en";
    const html =
      `<!DOCTYPE html><html lang="${language}"><head>` +
      `<script nonce="${nonce}">window.__context = ${JSON.stringify({ page: url.pathname, found })};</script>` +
      `</head><body><main>${`${url.pathname} سلام، hello. `.repeat(150)}</main>` +
      `<script nonce="${nonce}">hydrate()</script></body></html>`;
    return Promise.resolve(
      new Response(html, {
        status: found ? 200 : 404,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      }),
    );
  };
  return { ssr, rendered };
}

/** One route of the route table (app/routes.ts): its id, its module and the path it answers. */
export interface TableRoute {
  id: string;
  file: string;
  path: string;
}

/** Every route of app/routes.ts with the path it answers (`:param` and `*` as written), root first. */
export function routeTable(): TableRoute[] {
  const table: TableRoute[] = [];
  const walk = (entries: RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const path = entry.path ? `${prefix}/${entry.path}` : prefix;
      table.push({ id: entry.id ?? entry.file.replace(/\.tsx?$/, ""), file: entry.file, path: path || "/" });
      if (entry.children) walk(entry.children, path);
    }
  };
  walk(routes, "");
  return table;
}

/** The route table as the server build lists it (`build.routes`), for the page handler. */
export function routeManifest(): PageRoutes {
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: "root", path: "" },
  };
  const walk = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      manifest[id] = {
        id,
        parentId,
        ...(entry.path === undefined ? {} : { path: entry.path }),
        ...(entry.index ? { index: true } : {}),
      };
      if (entry.children) walk(entry.children, id);
    }
  };
  walk(routes, "root");
  return manifest;
}
