import { describe, expect, it } from "vitest";
import { jsonRequest, makeApp, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";

// Every owner endpoint answers 401 without a valid session. The routes are read from the app itself, so a
// route added later without the guard fails here unless it is declared public below on purpose.

const PUBLIC_ROUTES = new Set([
  "GET /api/projects",
  "GET /api/articles",
  "GET /api/articles/:slug",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "GET /api/auth/session",
  // The second step of a sign-in (docs/product.md §22): it needs the pending step's cookie, not a session.
  "POST /api/auth/login/code",
  "POST /api/auth/login/passkey/options",
  "POST /api/auth/login/passkey",
  // A one-time sign-in link (docs/product.md §25.9): the link itself is the proof, opened by a browser signed out.
  "GET /api/auth/link/:token",
]);

// The owner's part of the contract (docs/architecture.md "API"): none of it may disappear unnoticed.
const CONTRACT_OWNER_ROUTES = [
  "POST /api/projects",
  "PUT /api/projects/:id",
  "DELETE /api/projects/:id",
  "POST /api/articles",
  "PUT /api/articles/:id",
  "DELETE /api/articles/:id",
  "GET /api/admin/projects",
  "GET /api/admin/articles",
  "POST /api/uploads",
  "DELETE /api/uploads/:folder/:name",
  "GET /api/messages",
  "PATCH /api/messages/:id",
  "DELETE /api/messages/:id",
  "POST /api/messages/bulk",
];

const SAMPLE_PARAMS: Record<string, string> = {
  id: "0b0f7a4e-5d8e-4c55-9a34-2f7e8f7e1a11",
  slug: "hello",
  folder: "projects",
  name: "1732000000000_photo.png",
};

describe.each(backends)("the owner guard on $name", (backend) => {
  const database = useTestDatabase(backend);

  function apiRoutes() {
    const { app } = makeApp(database());
    const routes = new Set(
      app.routes
        .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/"))
        .map((route) => `${route.method} ${route.path}`),
    );
    return { app, routes: [...routes] };
  }

  const ownerRoutes = () => apiRoutes().routes.filter((route) => !PUBLIC_ROUTES.has(route));

  it("has every owner route of the contract", () => {
    expect(ownerRoutes()).toEqual(expect.arrayContaining(CONTRACT_OWNER_ROUTES));
  });

  it.each([
    ["no cookie", undefined],
    ["a made-up token", "sira_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["a malformed cookie", "sira_session=%%%"],
  ])("answers 401 on every owner route × method with %s", async (_case, cookie) => {
    const { app, routes } = apiRoutes();
    const owner = routes.filter((route) => !PUBLIC_ROUTES.has(route));
    expect(owner).not.toEqual([]);
    for (const route of owner) {
      const [method, pattern] = route.split(" ") as [string, string];
      const url = pattern.replace(/:(\w+)/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? "x");
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const response = await app.request(url, jsonRequest(method, body, cookie));
      expect({ route, status: response.status }).toEqual({ route, status: 401 });
      expect(await response.json()).toEqual({ error: "Please sign in to continue." });
    }
  });

  it("lets a signed-in owner through to the same routes", async () => {
    const { app } = apiRoutes();
    const cookie = await signIn(app, database());
    const response = await app.request("/api/admin/projects", jsonRequest("GET", undefined, cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  describe("cross-site requests", () => {
    it.each([
      ["an Origin of another site", { Origin: "https://evil.example" }],
      ["Origin null (a sandboxed page)", { Origin: "null" }],
      ["Sec-Fetch-Site cross-site", { "Sec-Fetch-Site": "cross-site" }],
      ["Sec-Fetch-Site same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site" }],
      ["a look-alike origin", { Origin: "http://localhost.evil.example" }],
    ])("refuses a write with %s, even with a valid session", async (_case, headers) => {
      const { app } = makeApp(database());
      const cookie = await signIn(app, database());
      const response = await app.request("/api/projects", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie, ...headers },
        body: JSON.stringify({ title: "Forged" }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: "This request came from another site and was refused.",
      });
      const list = await app.request("/api/admin/projects", { headers: { Cookie: cookie } });
      expect(await list.json()).toMatchObject({ items: [], total: 0 });
    });

    it("refuses a cross-site sign-in and sign-out too", async () => {
      const { app } = makeApp(database());
      for (const path of ["/api/auth/login", "/api/auth/logout"]) {
        const response = await app.request(path, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
          body: "{}",
        });
        expect(response.status).toBe(403);
      }
    });

    it("accepts the site's own origin from SITE_URL (behind a proxy)", async () => {
      const { app } = makeApp(database(), { SITE_URL: "https://mona.dev" });
      const cookie = await signIn(app, database());
      const response = await app.request("/api/projects", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie, Origin: "https://mona.dev" },
        body: JSON.stringify({ title: "Mine" }),
      });
      expect(response.status).toBe(201);
    });

    it("leaves reads alone", async () => {
      const { app } = makeApp(database());
      const response = await app.request("/api/projects", {
        headers: { Origin: "https://elsewhere.example" },
      });
      expect(response.status).toBe(200);
    });
  });

  it.each([
    ["text/plain", "title=Forged"],
    ["application/x-www-form-urlencoded", "title=Forged"],
    ["multipart/form-data; boundary=x", "--x--"],
    [undefined, '{"title":"Forged"}'],
  ])("takes JSON only on the JSON endpoints (Content-Type %s gets 415)", async (type, body) => {
    const { app } = makeApp(database());
    const cookie = await signIn(app, database());
    const response = await app.request("/api/projects", {
      method: "POST",
      headers: { Cookie: cookie, ...(type ? { "Content-Type": type } : {}) },
      body,
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: "Send the data as JSON (Content-Type: application/json).",
    });
  });

  it("lets a request without a body through to its route (sign-out sends none)", async () => {
    const { app } = makeApp(database());
    const cookie = await signIn(app, database());
    const response = await app.request("/api/auth/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: false, ended: true });
  });
});
