import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Every page sits in the site layout (docs/product.md §2), whose error boundary renders inside the navbar and footer
// with the root loader's language and dictionary.
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("projects", "routes/projects.tsx"),
    route("articles", "routes/articles.tsx"),
    route("articles/:slug", "routes/article.tsx"),
    route("services", "routes/services.tsx"),
    route("contact", "routes/contact.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    // The admin page sits at ADMIN_PATH, chosen when the server starts: the route takes any one-segment path
    // and its loader answers 404 for every other (routes/admin.tsx).
    route(":page", "routes/admin.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
