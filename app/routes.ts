import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Every page sits in the site layout (docs/product.md §2), whose error boundary renders inside the navbar and
// footer. Every public page has an address in each language (docs/product.md §16): the same route modules at
// the root for English and under /ar for Arabic; the root loader reads the language from the address.
function publicPages(language: "en" | "ar") {
  const prefix = language === "ar" ? "ar/" : "";
  const id = (name: string) => (language === "ar" ? `ar-${name}` : name);
  const page = (path: string, file: string, name: string) =>
    route(`${prefix}${path}`, file, { id: id(name) });
  return [
    language === "ar"
      ? route("ar", "routes/home.tsx", { id: id("home") })
      : index("routes/home.tsx", { id: "home" }),
    page("about", "routes/about.tsx", "about"),
    page("projects", "routes/projects.tsx", "projects"),
    // A project's case study (docs/product.md §28) at its address in each language (projects.atAddress).
    page("projects/:slug", "routes/project.tsx", "project"),
    page("articles", "routes/articles.tsx", "articles"),
    page("articles/tag/:tag", "routes/article-tag.tsx", "article-tag"),
    page("articles/:slug", "routes/article.tsx", "article"),
    // The owner's preview of any article (docs/product.md §18): needs the session, never cached or indexed.
    page("preview/:id", "routes/preview.tsx", "preview"),
    page("preview/projects/:id", "routes/project-preview.tsx", "project-preview"),
    // A client's one-time link to write a testimonial (docs/product.md §29.2): never cached, never indexed.
    page("testimonial/:token", "routes/testimonial.tsx", "testimonial"),
    // The site's search (docs/product.md §30): never cached by the page cache, never indexed.
    page("search", "routes/search.tsx", "search"),
    page("services", "routes/services.tsx", "services"),
    // The owner's CV (docs/product.md §32); its PDF and JSON Resume files are the server's (server/features/cv).
    page("cv", "routes/cv.tsx", "cv"),
    page("contact", "routes/contact.tsx", "contact"),
    page("dashboard", "routes/dashboard.tsx", "dashboard"),
    page("*", "routes/not-found.tsx", "not-found"),
  ];
}

export default [
  // What search engines, feed readers and link previews read (resource routes: no page around them).
  route("robots.txt", "routes/robots.ts"),
  // The sitemap is an index of files (docs/product.md §16.7).
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemap-file.ts"),
  route("share/:lang/*", "routes/share-image.ts"),
  route("feed.xml", "routes/feed.ts", { id: "feed" }),
  // The search's OpenSearch description per language (docs/product.md §30).
  route("opensearch.xml", "routes/opensearch.ts", { id: "opensearch" }),
  route("ar/opensearch.xml", "routes/opensearch.ts", { id: "ar-opensearch" }),
  route("ar/feed.xml", "routes/feed.ts", { id: "ar-feed" }),
  layout("routes/site-layout.tsx", [
    ...publicPages("en"),
    ...publicPages("ar"),
    // The admin page sits at ADMIN_PATH, chosen when the server starts: the route takes any first segment and its
    // loader answers 404 for every other (routes/admin.tsx). Each of its views is a route of its own below it,
    // with its own address (docs/product.md §2.10), the same in both languages.
    route(":admin", "routes/admin.tsx", [
      index("routes/admin/index.tsx"),
      route("projects", "routes/admin/projects.tsx", [
        route("new", "routes/admin/project-editor.tsx", { id: "admin-project-new" }),
        route(":id", "routes/admin/project-editor.tsx", { id: "admin-project-edit" }),
      ]),
      route("articles", "routes/admin/articles.tsx", [
        route("new", "routes/admin/article-editor.tsx", { id: "admin-article-new" }),
        route(":id", "routes/admin/article-editor.tsx", { id: "admin-article-edit" }),
      ]),
      route("testimonials", "routes/admin/testimonials.tsx", [
        route("new", "routes/admin/testimonial-editor.tsx", { id: "admin-testimonial-new" }),
        route(":id", "routes/admin/testimonial-editor.tsx", { id: "admin-testimonial-edit" }),
      ]),
      route("messages", "routes/admin/messages.tsx"),
      route("cv", "routes/admin/cv.tsx", { id: "admin-cv" }),
      route("settings", "routes/admin/settings.tsx", [
        index("routes/admin/settings-index.tsx"),
        route("security", "routes/admin/settings-security.tsx"),
        route("backup", "routes/admin/settings-backup.tsx"),
        route("import", "routes/admin/settings-import.tsx"),
        route(":section", "routes/admin/settings-section.tsx"),
      ]),
      route("activity", "routes/admin/activity.tsx"),
      route("visits", "routes/admin/visits.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
