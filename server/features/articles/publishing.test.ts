import { describe, expect, it } from "vitest";
import { makeApp, ownerRequests, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { listArticlePage, nextPublication } from "./service.ts";

// Publishing like a writer (docs/product.md §18): drafts, scheduling under a controlled clock, the first
// publication date, the owner's excerpts, reading time, tags and pages of the list, on both databases.

const HOUR = 60 * 60 * 1000;

describe.each(backends)("publishing articles on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    let now = new Date("2026-11-23T10:00:00Z").getTime();
    const clock = { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
    const made = makeApp(database(), {}, { now: clock.now });
    let cookie = await signIn(made.app, database());
    // Sessions run on the same clock: after days have passed, sign in again.
    const later = async (ms: number) => {
      clock.advance(ms);
      cookie = await signIn(made.app, database());
    };
    const send = ownerRequests(made.app, () => cookie);
    const publicSlugs = async () =>
      ((await (await made.app.request("/api/articles")).json()) as { items: { slug: string }[] }).items.map(
        (row) => row.slug,
      );
    return { ...made, clock, later, send, publicSlugs };
  }

  const body = (fields: Record<string, unknown>) => ({
    title_en: "Caching",
    title_ar: "",
    content_en: "<p>Keep hot data close.</p>",
    content_ar: "",
    ...fields,
  });

  it("makes a draft of an article sent without a status: the owner sees it, nobody else does", async () => {
    const { app, send, publicSlugs } = await owner();
    const created = await send("POST", "/api/articles", body({}));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: "caching", status: "draft", publish_at: null });
    expect(await publicSlugs()).toEqual([]);
    expect((await app.request("/api/articles/caching")).status).toBe(404);
    const admin = (
      (await send("GET", "/api/admin/articles")).body as unknown as { items: { status: string }[] }
    ).items;
    expect(admin.map((row) => row.status)).toEqual(["draft"]);
  });

  it("answers one article with its status to the owner's edit form, a draft too; 404 once it is gone", async () => {
    const { app, later, send } = await owner();
    const created = await send(
      "POST",
      "/api/articles",
      body({ status: "scheduled", publish_at: "2026-11-24T09:00:00Z" }),
    );
    const id = created.body!.id as string;
    const one = await send("GET", `/api/admin/articles/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, content_en: "<p>Keep hot data close.</p>", status: "scheduled" });
    expect(one.body).toEqual(created.body);
    // Its status follows the clock, as the list's does.
    await later(24 * HOUR);
    expect((await send("GET", `/api/admin/articles/${id}`)).body).toMatchObject({ status: "published" });
    expect((await app.request(`/api/admin/articles/${id}`)).status).toBe(401);
    await send("DELETE", `/api/articles/${id}`);
    expect((await send("GET", `/api/admin/articles/${id}`)).status).toBe(404);
  });

  it("hands the edit form a stored row's content sanitised: no event handler or script reaches the editor", async () => {
    const { send } = await owner();
    // A row that never came through the API (a restored backup, a hand-made row).
    const row = await insertArticle(database().db, {
      content_en: '<p>Hi</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      content_ar: '<p onclick="alert(3)">مرحبا</p><a href="javascript:alert(4)">رابط</a>',
    });
    const one = await send("GET", `/api/admin/articles/${row.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      content_en: '<p>Hi</p><img src="x">',
      content_ar: "<p>مرحبا</p><a>رابط</a>",
    });
  });

  it("publishes now: public at once, dated now; later edits keep that date and record updated_at", async () => {
    const { later, send, publicSlugs } = await owner();
    const created = await send("POST", "/api/articles", body({ status: "published" }));
    expect(created.body).toMatchObject({ status: "published", publish_at: "2026-11-23T10:00:00.000Z" });
    expect(await publicSlugs()).toEqual(["caching"]);
    await later(3 * 24 * HOUR);
    const id = created.body!.id as string;
    const edited = await send(
      "PUT",
      `/api/articles/${id}`,
      body({ status: "published", content_en: "<p>New</p>" }),
    );
    expect(edited.body).toMatchObject({
      date: "2026-11-23T10:00:00.000Z",
      updated_at: "2026-11-26T10:00:00.000Z",
    });
    // Back to draft hides it; published again, it keeps its first publication date.
    await send("PUT", `/api/articles/${id}`, body({ status: "draft" }));
    expect(await publicSlugs()).toEqual([]);
    const again = await send("PUT", `/api/articles/${id}`, body({ status: "published" }));
    expect(again.body).toMatchObject({ status: "published", publish_at: "2026-11-23T10:00:00.000Z" });
  });

  it("schedules an article: hidden until its time, then public with no request to trigger it", async () => {
    const { app, clock, send, publicSlugs } = await owner();
    const missing = await send("POST", "/api/articles", body({ status: "scheduled" }));
    expect(missing.status).toBe(422);
    expect(missing.body!.issues).toEqual([
      { path: "publish_at", message: "Choose when the article is published." },
    ]);

    const at = "2026-11-23T12:30:00+02:00";
    const created = await send("POST", "/api/articles", body({ status: "scheduled", publish_at: at }));
    expect(created.body).toMatchObject({ status: "scheduled", publish_at: "2026-11-23T10:30:00.000Z" });
    expect(await nextPublication(database().db, clock.now())).toEqual(new Date("2026-11-23T10:30:00Z"));
    expect(await publicSlugs()).toEqual([]);
    expect((await app.request("/api/articles/caching")).status).toBe(404);

    clock.advance(30 * 60 * 1000);
    expect(await publicSlugs()).toEqual(["caching"]);
    expect((await app.request("/api/articles/caching")).status).toBe(200);
    const admin = (
      (await send("GET", "/api/admin/articles")).body as unknown as { items: { status: string }[] }
    ).items;
    expect(admin.map((row) => row.status)).toEqual(["published"]);
    expect(await nextPublication(database().db, clock.now())).toBeNull();
  });

  it("moves a scheduled article that is not public yet", async () => {
    const { send } = await owner();
    const created = await send(
      "POST",
      "/api/articles",
      body({ status: "scheduled", publish_at: "2026-12-01T08:00:00Z" }),
    );
    const moved = await send(
      "PUT",
      `/api/articles/${created.body!.id as string}`,
      body({ status: "scheduled", publish_at: "2026-12-02T08:00:00Z" }),
    );
    expect(moved.body).toMatchObject({ status: "scheduled", publish_at: "2026-12-02T08:00:00.000Z" });
  });

  it("uses the owner's excerpt when written, else the text's first 150 characters without gluing a heading to what follows", async () => {
    const { send } = await owner();
    const built = await send(
      "POST",
      "/api/articles",
      body({ content_en: "<h2>Intro</h2><p>Body text</p>", content_ar: "<h2>مقدمة</h2><p>نص</p>" }),
    );
    expect(built.body).toMatchObject({
      excerpt_en: "Intro Body text",
      excerpt_ar: "مقدمة نص",
      summary_en: "",
    });
    const written = await send(
      "POST",
      "/api/articles",
      body({ title_en: "Other", summary_en: "  My own words.  ", summary_ar: "كلماتي." }),
    );
    expect(written.body).toMatchObject({
      excerpt_en: "My own words.",
      excerpt_ar: "كلماتي.",
      summary_en: "My own words.",
    });
  });

  it("counts the reading time of each language", async () => {
    const { send } = await owner();
    const words = (count: number, word: string) =>
      `<p>${Array.from({ length: count }, () => word).join(" ")}</p>`;
    const created = await send(
      "POST",
      "/api/articles",
      body({ content_en: words(450, "word"), content_ar: words(150, "كلمة") }),
    );
    expect(created.body).toMatchObject({ reading_minutes_en: 3, reading_minutes_ar: 1 });
  });

  it("keeps tags with one slug each and their names in both languages, and lists a tag's articles", async () => {
    const { send, clock } = await owner();
    const created = await send(
      "POST",
      "/api/articles",
      body({
        status: "published",
        tags: [{ en: "Node.js", ar: "نود" }, { en: " node js " }, { en: "C#" }],
      }),
    );
    expect(created.body!.tags).toEqual([
      { slug: "node-js", en: "Node.js", ar: "نود" },
      { slug: "c-sharp", en: "C#", ar: "C#" },
    ]);
    await send("POST", "/api/articles", body({ title_en: "Untagged", status: "published" }));
    const page = await listArticlePage(database().db, {
      page: 1,
      perPage: 10,
      tag: "node-js",
      now: clock.now(),
    });
    expect(page.items.map((row) => row.slug)).toEqual(["caching"]);
    expect(page.total).toBe(1);
    const refused = await send("POST", "/api/articles", body({ tags: [{ en: "", ar: "عربي فقط" }] }));
    expect(refused.status).toBe(422);
    expect(refused.body!.error).toBe("Every tag needs its English name.");
  });

  it("reads one page of the list at a time, newest first, with the total", async () => {
    const db = database().db;
    for (let index = 0; index < 25; index++) {
      await insertArticle(db, { slug: `a-${index}`, date: new Date(Date.UTC(2026, 0, 1 + index)) });
    }
    await insertArticle(db, { slug: "draft", published: false, date: new Date(Date.UTC(2026, 5, 1)) });
    const now = new Date("2026-11-23T10:00:00Z");
    const third = await listArticlePage(db, { page: 3, perPage: 10, now });
    expect(third.total).toBe(25);
    expect(third.items.map((row) => row.slug)).toEqual(["a-4", "a-3", "a-2", "a-1", "a-0"]);
    const first = await listArticlePage(db, { page: 1, perPage: 10, now });
    expect(first.items[0]!.slug).toBe("a-24");
    expect((await listArticlePage(db, { page: 4, perPage: 10, now })).items).toEqual([]);
  });
});
