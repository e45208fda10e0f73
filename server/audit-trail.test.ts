import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { DEFAULT_CV } from "#core/cv.ts";
import { auditEvents, messages, ownerPasskeys, ownerRecoveryCodes, ownerTotp } from "#db/schema.ts";
import {
  jsonRequest,
  makeApp,
  OWNER_PASSWORD,
  signIn,
  storeImageFile,
  TINY_PNG,
  type TestApp,
} from "#tests/helpers/app.ts";
import { backends, useTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { softwarePasskey } from "#tests/helpers/passkey.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";

// Every owner write is in the audit log (docs/product.md §26). The routes come from the app itself (Hono's route
// list): each write route that refuses a stranger with 401 is the owner's, and each must record an audit event
// when it succeeds. A new owner route fails here until it records one and this file knows a request that
// succeeds on it.

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Owner routes that change nothing the owner looks for in the log: they start a setup that a later request finishes,
 * or show what an import would do, and that later request is recorded.
 */
const SETUP_STARTS = new Set([
  "POST /api/auth/factors/totp",
  "POST /api/auth/factors/passkeys/options",
  "POST /api/moving/preview",
]);

const PROJECT = { title: "Shop", description: "An online shop", category: "React", tags: ["React"] };
const TESTIMONIAL = { name: "Mona", quote_en: "A fast, careful job." };
const ARTICLE = { title_en: "Hello", content_en: "<p>Hello, world.</p>", status: "draft" };

interface Owner {
  app: TestApp;
  database: TestDatabase;
  dataDir: string;
  /** A JSON request with the owner's session. */
  send(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** What a request with the owner's session carries besides its body. */
  headers: Record<string, string>;
}

/** The request that succeeds on each owner write route, after making what it needs; answers the response. */
type Succeed = (owner: Owner, headers: Record<string, string>) => Response | Promise<Response>;

const json = (method: string, body?: unknown) => (owner: Owner, headers: Record<string, string>) => ({
  ...jsonRequest(method, body),
  headers: { ...jsonRequest(method, body).headers, ...owner.headers, ...headers },
});

/** A testimonial recorded by the owner; answers its id. */
async function addTestimonial(owner: Owner): Promise<string> {
  const added = await owner.send("POST", "/api/testimonials", TESTIMONIAL);
  return added.body.id as string;
}

async function insertMessage(database: TestDatabase) {
  const [row] = await database.db
    .insert(messages)
    .values({ name: "Mona Ali", email: "mona@example.com", subject: "A new shop", message: "Hello!" })
    .returning();
  return row!;
}

/** The authenticator app set up as the owner does in Settings; answers its secret. */
async function setUpTotp(owner: Owner) {
  const begun = await owner.send("POST", "/api/auth/factors/totp", { password: OWNER_PASSWORD });
  const secret = begun.body.secret as string;
  const confirmed = await owner.send("POST", "/api/auth/factors/totp/confirm", {
    code: await generate({ secret }),
  });
  expect(confirmed.status).toBe(200);
  return secret;
}

/** A software passkey's registration, ready to send. */
async function passkeyRegistration(owner: Owner) {
  const options = await owner.send("POST", "/api/auth/factors/passkeys/options", {
    password: OWNER_PASSWORD,
  });
  return { name: "Laptop", response: softwarePasskey(options.body.challenge as string, "http://localhost") };
}

const SUCCEED: Record<string, Succeed> = {
  "POST /api/projects": (owner, headers) =>
    owner.app.request("/api/projects", json("POST", PROJECT)(owner, headers)),
  "PUT /api/projects/:id": async (owner, headers) => {
    const { id } = await insertProject(owner.database.db);
    return owner.app.request(`/api/projects/${id}`, json("PUT", PROJECT)(owner, headers));
  },
  "DELETE /api/projects/:id": async (owner, headers) => {
    const { id } = await insertProject(owner.database.db);
    return owner.app.request(`/api/projects/${id}`, json("DELETE")(owner, headers));
  },
  "POST /api/projects/:id/move": async (owner, headers) => {
    const { id } = await insertProject(owner.database.db);
    await insertProject(owner.database.db);
    return owner.app.request(`/api/projects/${id}/move`, json("POST", { direction: "down" })(owner, headers));
  },
  "POST /api/testimonials": (owner, headers) =>
    owner.app.request("/api/testimonials", json("POST", TESTIMONIAL)(owner, headers)),
  "PUT /api/testimonials/:id": async (owner, headers) => {
    const id = await addTestimonial(owner);
    return owner.app.request(`/api/testimonials/${id}`, json("PUT", TESTIMONIAL)(owner, headers));
  },
  "DELETE /api/testimonials/:id": async (owner, headers) => {
    const id = await addTestimonial(owner);
    return owner.app.request(`/api/testimonials/${id}`, json("DELETE")(owner, headers));
  },
  "POST /api/testimonials/:id/move": async (owner, headers) => {
    const id = await addTestimonial(owner);
    await addTestimonial(owner);
    return owner.app.request(
      `/api/testimonials/${id}/move`,
      json("POST", { direction: "down" })(owner, headers),
    );
  },
  "POST /api/testimonials/links": (owner, headers) =>
    owner.app.request("/api/testimonials/links", json("POST", { label: "Mona" })(owner, headers)),
  "DELETE /api/testimonials/links/:id": async (owner, headers) => {
    const link = await owner.send("POST", "/api/testimonials/links", { label: "Mona" });
    return owner.app.request(
      `/api/testimonials/links/${String(link.body.id)}`,
      json("DELETE")(owner, headers),
    );
  },
  "PUT /api/cv": (owner, headers) => owner.app.request("/api/cv", json("PUT", DEFAULT_CV)(owner, headers)),
  "POST /api/moving/import": (owner, headers) => {
    const form = new FormData();
    const wxr = readFileSync(
      path.join(import.meta.dirname, "../tests/fixtures/import/wordpress/polylang.xml"),
    );
    form.set("file", new File([new Uint8Array(wxr)], "polylang.xml", { type: "text/xml" }));
    return owner.app.request("/api/moving/import", {
      method: "POST",
      body: form,
      headers: { ...owner.headers, ...headers },
    });
  },
  "POST /api/articles": (owner, headers) =>
    owner.app.request("/api/articles", json("POST", ARTICLE)(owner, headers)),
  "PUT /api/articles/:id": async (owner, headers) => {
    const { id } = await insertArticle(owner.database.db);
    return owner.app.request(`/api/articles/${id}`, json("PUT", ARTICLE)(owner, headers));
  },
  "DELETE /api/articles/:id": async (owner, headers) => {
    const { id } = await insertArticle(owner.database.db);
    return owner.app.request(`/api/articles/${id}`, json("DELETE")(owner, headers));
  },
  "POST /api/uploads": (owner, headers) => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(TINY_PNG)], "dot.png", { type: "image/png" }));
    form.set("folder", "projects");
    return owner.app.request("/api/uploads", {
      method: "POST",
      body: form,
      headers: { ...owner.headers, ...headers },
    });
  },
  "DELETE /api/uploads/:folder/:name": (owner, headers) => {
    storeImageFile(owner.dataDir, "projects", "1732000000000_dot.png");
    return owner.app.request("/api/uploads/projects/1732000000000_dot.png", json("DELETE")(owner, headers));
  },
  "PATCH /api/messages/:id": async (owner, headers) => {
    const { id } = await insertMessage(owner.database);
    return owner.app.request(`/api/messages/${id}`, json("PATCH", { read: true })(owner, headers));
  },
  "DELETE /api/messages/:id": async (owner, headers) => {
    const { id } = await insertMessage(owner.database);
    return owner.app.request(`/api/messages/${id}`, json("DELETE")(owner, headers));
  },
  "POST /api/messages/bulk": async (owner, headers) => {
    const { id } = await insertMessage(owner.database);
    return owner.app.request(
      "/api/messages/bulk",
      json("POST", { action: "read", ids: [id] })(owner, headers),
    );
  },
  "PUT /api/settings": async (owner, headers) => {
    const { body: settings } = await owner.send("GET", "/api/settings");
    return owner.app.request("/api/settings", json("PUT", { ...settings, initials: "MA" })(owner, headers));
  },
  "DELETE /api/settings/:section": (owner, headers) =>
    owner.app.request("/api/settings/identity", json("DELETE")(owner, headers)),
  "POST /api/backup/restore": async (owner, headers) => {
    const archive = await owner.app.request("/api/backup", { headers: owner.headers });
    const form = new FormData();
    form.set("file", new File([new Uint8Array(await archive.arrayBuffer())], "site.zip"));
    form.set("replace", "1");
    form.set("password", OWNER_PASSWORD);
    return owner.app.request("/api/backup/restore", {
      method: "POST",
      body: form,
      headers: { ...owner.headers, ...headers },
    });
  },
  "POST /api/auth/password": (owner, headers) =>
    owner.app.request(
      "/api/auth/password",
      json("POST", { current: OWNER_PASSWORD, next: "a quiet harbour at dawn 1987" })(owner, headers),
    ),
  "POST /api/auth/link": (owner, headers) =>
    owner.app.request("/api/auth/link", json("POST")(owner, headers)),
  "POST /api/auth/sessions/end-others": (owner, headers) =>
    owner.app.request(
      "/api/auth/sessions/end-others",
      json("POST", { password: OWNER_PASSWORD })(owner, headers),
    ),
  "DELETE /api/auth/sessions/:id": async (owner, headers) => {
    const { body } = await owner.send("GET", "/api/auth/sessions");
    const [session] = body as unknown as { id: string }[];
    return owner.app.request(`/api/auth/sessions/${session!.id}`, json("DELETE")(owner, headers));
  },
  "POST /api/auth/factors/totp/confirm": async (owner, headers) => {
    const begun = await owner.send("POST", "/api/auth/factors/totp", { password: OWNER_PASSWORD });
    const code = await generate({ secret: begun.body.secret as string });
    return owner.app.request("/api/auth/factors/totp/confirm", json("POST", { code })(owner, headers));
  },
  "POST /api/auth/factors/totp/remove": async (owner, headers) => {
    await setUpTotp(owner);
    return owner.app.request(
      "/api/auth/factors/totp/remove",
      json("POST", { password: OWNER_PASSWORD })(owner, headers),
    );
  },
  "POST /api/auth/factors/passkeys": async (owner, headers) =>
    owner.app.request(
      "/api/auth/factors/passkeys",
      json("POST", await passkeyRegistration(owner))(owner, headers),
    ),
  "POST /api/auth/factors/passkeys/:id/remove": async (owner, headers) => {
    const added = await owner.send("POST", "/api/auth/factors/passkeys", await passkeyRegistration(owner));
    const { id } = added.body.passkey as { id: string };
    return owner.app.request(
      `/api/auth/factors/passkeys/${id}/remove`,
      json("POST", { password: OWNER_PASSWORD })(owner, headers),
    );
  },
  "POST /api/auth/factors/recovery-codes": async (owner, headers) => {
    await setUpTotp(owner);
    return owner.app.request(
      "/api/auth/factors/recovery-codes",
      json("POST", { password: OWNER_PASSWORD })(owner, headers),
    );
  },
};

/** A route's path with its parameters filled in, for a request that only needs to reach the route's guard. */
const reachable = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) =>
    name === "folder" ? "projects" : name === "name" ? "dot.png" : "00000000-0000-4000-8000-000000000000",
  );

describe.each(backends)("the audit trail on $name", (backend) => {
  const database = useTestDatabase(backend);

  it("records an event for every owner write route the app has", async () => {
    // Behind a trusted proxy, whose request ids name the events.
    const { app, dataDir } = makeApp(database(), { TRUST_PROXY: "1" });
    const writes = [
      ...new Set(
        app.routes.filter((route) => WRITE_METHODS.has(route.method)).map((r) => `${r.method} ${r.path}`),
      ),
    ];
    const ownerWrites: string[] = [];
    for (const route of writes) {
      const [method, path] = route.split(" ") as [string, string];
      const response = await app.request(
        reachable(path),
        jsonRequest(method, method === "DELETE" ? undefined : {}),
      );
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      if (response.status === 401 && body.error === apiErrorText("en", "unauthorized"))
        ownerWrites.push(route);
    }
    // The owner's API has writes in every part: if none were found, the probe is wrong, not the app.
    expect(ownerWrites).toContain("PUT /api/articles/:id");
    expect(ownerWrites.filter((route) => !SETUP_STARTS.has(route)).sort()).toEqual(
      Object.keys(SUCCEED).sort(),
    );
    expect(ownerWrites.filter((route) => SETUP_STARTS.has(route)).sort()).toEqual([...SETUP_STARTS].sort());

    for (const [index, route] of Object.keys(SUCCEED).entries()) {
      // Each route starts signed in, without second factors (a sign-in would need one).
      for (const table of [ownerTotp, ownerPasskeys, ownerRecoveryCodes]) await database().db.delete(table);
      const cookie = await signIn(app, database());
      const headers = { Cookie: cookie, Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" };
      const owner: Owner = {
        app,
        database: database(),
        dataDir,
        headers,
        async send(method, url, body) {
          const init = jsonRequest(method, body, cookie);
          const response = await app.request(url, init);
          return { status: response.status, body: (await response.json()) as Record<string, unknown> };
        },
      };
      const requestId = `audit-${index}`;
      const response = await SUCCEED[route]!(owner, { "X-Request-Id": requestId });
      expect(response.status, `${route}: ${await response.clone().text()}`).toBeLessThan(300);
      const events = await database()
        .db.select({ action: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.request_id, requestId));
      expect(events.length, `${route} records no audit event`).toBeGreaterThan(0);
    }
  });
});
