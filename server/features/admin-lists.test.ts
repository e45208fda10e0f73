import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import type { ListPage } from "#core/paging.ts";
import type { OwnerArticle, Project } from "#db/records.ts";
import { articles, projects } from "#db/schema.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { makeApp, ownerRequests, signIn } from "#tests/helpers/app.ts";

// The admin's projects and articles a page at a time (docs/product.md §21): the owner's order and its moves across
// pages, the articles' status filter, and bad parameters answered 400 in the visitor's language. The public lists
// (the API's, docs/product.md §7; the projects page's and its categories, §2.5) are paged the same way.

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);

describe.each(backends)("the admin's paged lists on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const made = makeApp(database(), {}, { now: () => new Date("2026-06-01T12:00:00Z") });
    const cookie = await signIn(made.app, database());
    const send = ownerRequests(made.app, () => cookie);
    const page = async <T>(url: string) => {
      const response = await send("GET", url);
      expect(response.status).toBe(200);
      return response.body as unknown as ListPage<T>;
    };
    return { ...made, send, page };
  }

  /** `n` projects in one statement, P0 first in the owner's order. */
  async function insertProjects(n: number) {
    const rows = Array.from({ length: n }, (_, k) => ({ title: `P${k}`, position: k }));
    await database().db.insert(projects).values(rows);
  }

  const titles = (list: ListPage<{ title: string }>) => list.items.map((item) => item.title);

  it("pages the projects in the owner's order", async () => {
    await insertProjects(45);
    const { page } = await owner();
    const first = await page<Project>("/api/admin/projects");
    expect(first).toMatchObject({ total: 45, page: 1, perPage: 25 });
    expect(titles(first)).toEqual(Array.from({ length: 25 }, (_, k) => `P${k}`));
    const second = await page<Project>("/api/admin/projects?page=2");
    expect(titles(second)).toEqual(Array.from({ length: 20 }, (_, k) => `P${k + 25}`));
    expect((await page<Project>("/api/admin/projects?page=9")).page).toBe(2);
  });

  it("moves the first project of page 2 up to the end of page 1, and answers that page", async () => {
    await insertProjects(30);
    const { send, page } = await owner();
    const second = await page<Project>("/api/admin/projects?page=2&perPage=10");
    const top = second.items[0]!;
    expect(top.title).toBe("P10");

    const moved = await send("POST", `/api/projects/${top.id}/move?perPage=10`, { direction: "up" });
    expect(moved.status).toBe(200);
    const answer = moved.body as unknown as ListPage<Project>;
    expect(answer).toMatchObject({ page: 1, perPage: 10, total: 30 });
    expect(titles(answer).slice(-2)).toEqual(["P8", "P10"]);
    expect(titles(await page<Project>("/api/admin/projects?page=2&perPage=10"))[0]).toBe("P9");

    // And down again from the end of page 1: the first of page 2.
    const back = await send("POST", `/api/projects/${top.id}/move?perPage=10`, { direction: "down" });
    const backPage = back.body as unknown as ListPage<Project>;
    expect(backPage.page).toBe(2);
    expect(titles(backPage)[0]).toBe("P10");
    expect(titles(await page<Project>("/api/admin/projects?perPage=30"))).toEqual(
      Array.from({ length: 30 }, (_, k) => `P${k}`),
    );
  });

  it("moves among projects that all share one position, as many added at once would", async () => {
    await database()
      .db.insert(projects)
      .values(Array.from({ length: 12 }, (_, k) => ({ title: `Same${k}`, created_at: new Date(START) })));
    const { send, page } = await owner();
    const before = titles(await page<Project>("/api/admin/projects?perPage=12"));
    const sixth = (await page<Project>("/api/admin/projects?page=2&perPage=5")).items[0]!;
    expect(sixth.title).toBe(before[5]);
    const moved = (await send("POST", `/api/projects/${sixth.id}/move?perPage=5`, { direction: "up" }))
      .body as unknown as ListPage<Project>;
    expect(moved.page).toBe(1);
    const after = titles(await page<Project>("/api/admin/projects?perPage=12"));
    expect(after).toEqual([...before.slice(0, 4), before[5], before[4], ...before.slice(6)]);
  });

  it("pages the articles newest first, all of them or one status", async () => {
    const now = Date.parse("2026-06-01T12:00:00Z");
    await database()
      .db.insert(articles)
      .values(
        Array.from({ length: 36 }, (_, k) => {
          // k % 3: 0 draft, 1 published, 2 scheduled.
          const kind = k % 3;
          return {
            slug: `a-${k}`,
            title: `A${k}`,
            title_en: `A${k}`,
            created_at: new Date(START + k * DAY),
            published: kind !== 0,
            date: new Date(kind === 2 ? now + DAY : now - DAY),
          };
        }),
      );
    const { page } = await owner();
    const all = await page<OwnerArticle>("/api/admin/articles?perPage=10");
    expect(all).toMatchObject({ total: 36, page: 1, perPage: 10 });
    expect(titles(all)).toEqual(Array.from({ length: 10 }, (_, k) => `A${35 - k}`));

    for (const [status, kind] of [
      ["draft", 0],
      ["published", 1],
      ["scheduled", 2],
    ] as const) {
      const first = await page<OwnerArticle>(`/api/admin/articles?status=${status}&perPage=5`);
      const second = await page<OwnerArticle>(`/api/admin/articles?status=${status}&perPage=5&page=2`);
      expect(first.total).toBe(12);
      const expected = Array.from({ length: 12 }, (_, k) => 36 - 3 + kind - 3 * k).map((k) => `A${k}`);
      expect([...titles(first), ...titles(second)]).toEqual(expected.slice(0, 10));
      expect([...first.items, ...second.items].every((article) => article.status === status)).toBe(true);
    }
    expect((await page<OwnerArticle>("/api/admin/articles?status=all")).total).toBe(36);
  });

  it.each([
    ["/api/admin/projects?page=0", "pageInvalid", "page", { max: 1_000_000 }],
    ["/api/admin/projects?perPage=500", "perPageInvalid", "perPage", { max: 100 }],
    ["/api/admin/articles?page=two", "pageInvalid", "page", { max: 1_000_000 }],
    ["/api/admin/articles?status=deleted", "articleStatusFilter", "status", {}],
    ["/api/admin/articles?status=", "articleStatusFilter", "status", {}],
  ] as const)("answers %s with 400, in the visitor's language", async (url, key, path, vars) => {
    const { send } = await owner();
    for (const language of ["en", "ar"]) {
      const response = await send("GET", url, undefined, language);
      const message = apiErrorText(language as "en" | "ar", key, vars);
      expect(response).toEqual({ status: 400, body: { error: message, issues: [{ path, message }] } });
    }
  });

  it("refuses a move with a bad page size before moving anything", async () => {
    await insertProjects(3);
    const { send, page } = await owner();
    const [, second] = (await page<Project>("/api/admin/projects")).items;
    const response = await send(
      "POST",
      `/api/projects/${second!.id}/move?perPage=0`,
      { direction: "up" },
      "ar",
    );
    expect(response.status).toBe(400);
    expect(response.body!.error).toBe(apiErrorText("ar", "perPageInvalid", { max: 100 }));
    expect(titles(await page<Project>("/api/admin/projects"))).toEqual(["P0", "P1", "P2"]);
  });

  it("pages the public lists of the API: 25 by default, at most 100, drafts and scheduled articles left out", async () => {
    await insertProjects(30);
    await database().db.update(projects).set({ published: false }).where(eq(projects.title, "P1"));
    const now = Date.parse("2026-06-01T12:00:00Z");
    await database()
      .db.insert(articles)
      .values(
        Array.from({ length: 27 }, (_, k) => ({
          slug: `a${k}`,
          title: `A${k}`,
          title_en: `A${k}`,
          date: new Date(k === 26 ? now + DAY : START + k * DAY),
        })),
      );
    const { app } = await owner();
    const read = async <T>(url: string) => {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      return (await response.json()) as ListPage<T>;
    };
    const first = await read<Project>("/api/projects");
    expect(first).toMatchObject({ total: 29, page: 1, perPage: 25 });
    expect(titles(first)).toEqual(["P0", ...Array.from({ length: 24 }, (_, k) => `P${k + 2}`)]);
    expect(titles(await read<Project>("/api/projects?page=2&perPage=10"))).toEqual(
      Array.from({ length: 10 }, (_, k) => `P${k + 11}`),
    );
    expect((await read<Project>("/api/projects?perPage=100")).items).toHaveLength(29);
    // Past the last page: the last one, as the admin's lists answer.
    expect(await read<Project>("/api/projects?page=7&perPage=10")).toMatchObject({ page: 3, total: 29 });

    const newest = await read<{ title_en: string }>("/api/articles?perPage=3");
    expect(newest).toMatchObject({ total: 26, page: 1, perPage: 3 });
    expect(newest.items.map((article) => article.title_en)).toEqual(["A25", "A24", "A23"]);
    expect((await read<{ title_en: string }>("/api/articles?page=2")).items).toHaveLength(1);
  });

  it.each([
    ["/api/projects?page=0", "pageInvalid", "page", { max: 1_000_000 }],
    ["/api/projects?perPage=101", "perPageInvalid", "perPage", { max: 100 }],
    ["/api/articles?perPage=abc", "perPageInvalid", "perPage", { max: 100 }],
    ["/api/articles?page=1&page=2", "pageInvalid", "page", { max: 1_000_000 }],
  ] as const)("answers the public %s with 400, in the visitor's language", async (url, key, path, vars) => {
    const { app } = await owner();
    for (const language of ["en", "ar"] as const) {
      const response = await app.request(url, { headers: { Cookie: `language=${language}` } });
      const message = apiErrorText(language, key, vars);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message, issues: [{ path, message }] });
    }
  });

  it("pages the projects page by category in the page's language, categories in order of first appearance", async () => {
    const rows = [
      { title: "Shop", category: "Web", category_ar: "ويب" },
      { title: "App", category: "Mobile", category_ar: "" },
      { title: "Blog", category: " Web ", category_ar: "مواقع" },
      { title: "Draft", category: "Secret", published: false },
      { title: "Loose", category: "" },
      { title: "Odd", category: "All" },
    ].map((row, position) => ({ ...row, position }));
    await database().db.insert(projects).values(rows);
    const { services } = (await owner()).app;
    expect(await services.projects.categories("en")).toEqual(["Web", "Mobile"]);
    expect(await services.projects.categories("ar")).toEqual(["ويب", "Mobile", "مواقع"]);
    const page = (language: "en" | "ar", category: string | undefined, pageNumber = 1, perPage = 1) =>
      services.projects.publicPage({ language, category, page: pageNumber, perPage });
    expect(await page("en", "Web")).toMatchObject({ total: 2, items: [{ title: "Shop" }] });
    expect(await page("en", "Web", 2)).toMatchObject({ total: 2, items: [{ title: "Blog" }] });
    expect(await page("ar", "Mobile")).toMatchObject({ total: 1, items: [{ title: "App" }] });
    expect(await page("ar", "Web")).toEqual({ total: 0, items: [] });
    expect(await page("en", "Secret")).toEqual({ total: 0, items: [] });
    expect((await page("en", undefined, 1, 10)).items.map((row) => row.title)).toEqual([
      "Shop",
      "App",
      "Blog",
      "Loose",
      "Odd",
    ]);
    expect(await services.projects.countPublic("ar", "مواقع")).toBe(1);
    expect(await services.projects.countPublic("en")).toBe(5);
  });
});
