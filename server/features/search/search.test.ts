import { describe, expect, it } from "vitest";
import { jsonRequest, makeApp, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { siteConfig } from "#config/site.ts";
import { SEARCH_RATE_LIMIT, type SearchableService } from "./service.ts";

// The search (docs/product.md §30) through the real app: what the owner saves is found at once, in the same
// transaction; drafts, scheduled and deleted items never are; the page's language comes first; the words found are
// marked as text; any query is answered, never an error; a flood from one address is slowed.

const NOW = new Date("2026-06-01T12:00:00Z");

describe.each(backends)("search on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    let now = NOW;
    const made = makeApp(database(), {}, { now: () => now });
    const cookie = await signIn(made.app, database());
    const send = async (method: string, url: string, body?: unknown) => {
      const response = await made.app.request(url, jsonRequest(method, body, cookie));
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
    };
    const { search } = made.app.services;
    const find = async (query: string, language: "en" | "ar" = "en", page = 1) =>
      search.find({ query, language, page });
    const slugs = async (query: string, language: "en" | "ar" = "en") =>
      (await find(query, language)).items.map((item) => item.slug);
    return { ...made, send, find, slugs, search, moveClock: (to: Date) => (now = to) };
  }

  const article = (fields: Record<string, unknown>) => ({
    title_en: "",
    title_ar: "",
    content_en: "",
    content_ar: "",
    image_url: null,
    status: "published",
    ...fields,
  });

  it("finds a saved article at once, follows its edits, and forgets it when it becomes a draft or is deleted", async () => {
    const { send, slugs } = await owner();
    const created = await send(
      "POST",
      "/api/articles",
      article({ title_en: "Caching pages", content_en: "<p>How a website stays fast.</p>" }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await slugs("websites")).toEqual(["caching-pages"]);

    await send(
      "PUT",
      `/api/articles/${id}`,
      article({ title_en: "Caching pages", content_en: "<p>Fonts.</p>" }),
    );
    expect(await slugs("website")).toEqual([]);
    expect(await slugs("font")).toEqual(["caching-pages"]);

    await send("PUT", `/api/articles/${id}`, article({ title_en: "Caching pages", status: "draft" }));
    expect(await slugs("caching")).toEqual([]);

    await send("PUT", `/api/articles/${id}`, article({ title_en: "Caching pages", status: "published" }));
    expect(await slugs("caching")).toEqual(["caching-pages"]);
    expect((await send("DELETE", `/api/articles/${id}`)).status).toBe(204);
    expect(await slugs("caching")).toEqual([]);
  });

  it("finds a scheduled article only once its time has come", async () => {
    const { send, slugs, moveClock } = await owner();
    await send(
      "POST",
      "/api/articles",
      article({ title_en: "Launch notes", status: "scheduled", publish_at: "2026-06-02T09:00:00Z" }),
    );
    expect(await slugs("launch")).toEqual([]);
    moveClock(new Date("2026-06-02T09:00:01Z"));
    expect(await slugs("launch")).toEqual(["launch-notes"]);
  });

  it("finds projects by their case study, and drafts never", async () => {
    const { send, slugs } = await owner();
    const created = await send("POST", "/api/projects", {
      title: "Clinic booking",
      title_ar: "حجز العيادة",
      description: "Appointments online",
      description_ar: "مواعيد عبر الإنترنت",
      tags: ["Next.js"],
      problem_en: "<p>Patients waited on the phone.</p>",
      problem_ar: "<p>كان المرضى ينتظرون على الهاتف.</p>",
    });
    expect(created.status).toBe(201);
    expect(await slugs("patients")).toEqual(["clinic-booking"]);
    expect(await slugs("Next.js")).toEqual(["clinic-booking"]);
    expect(await slugs("بالهاتف", "ar")).toEqual(["حجز-العيادة"]);
    await send("PUT", `/api/projects/${created.body.id as string}`, {
      ...created.body,
      published: false,
    });
    expect(await slugs("patients")).toEqual([]);
  });

  it("lists the page's language first, then what exists only in the other, each with its own address", async () => {
    const { send, find } = await owner();
    await send(
      "POST",
      "/api/articles",
      article({ title_en: "React hooks", content_en: "<p>React state.</p>" }),
    );
    await send(
      "POST",
      "/api/articles",
      article({ title_ar: "مكونات React", content_ar: "<p>حالة React.</p>" }),
    );
    await send(
      "POST",
      "/api/articles",
      article({
        title_en: "React forms",
        content_en: "<p>React forms.</p>",
        title_ar: "نماذج React",
        content_ar: "<p>نماذج React.</p>",
        slug_ar: "نماذج-react",
      }),
    );
    const arabic = await find("react", "ar");
    expect(arabic.total).toBe(3);
    expect(arabic.ownTotal).toBe(2);
    expect(arabic.items.map((item) => [item.language, item.own])).toEqual([
      ["ar", true],
      ["ar", true],
      ["en", false],
    ]);
    const english = await find("react", "en");
    expect(english.items.at(-1)).toMatchObject({ language: "ar", own: false });
  });

  it("marks the words found, as text: markup in the content or the query stays text", async () => {
    const { find, search } = await owner();
    await insertArticle(database().db, {
      slug: "markup",
      title: "Tags <b>bold</b>",
      title_en: "Tags <b>bold</b>",
      excerpt_en: "Writing <script>alert(1)</script> websites",
      content_en: "<p>Writing &lt;script&gt; websites</p>",
      reading_minutes_en: 1,
      reading_minutes_ar: 0,
      date: new Date("2026-01-01T00:00:00Z"),
    });
    await search.ensureIndex();
    const results = await find("<b>website</b>");
    expect(results.items).toHaveLength(1);
    const excerpt = results.items[0]!.excerpt;
    expect(excerpt.filter((part) => part.mark).map((part) => part.text)).toEqual(["websites"]);
    expect(excerpt.map((part) => part.text).join("")).toBe("Writing <script>alert(1)</script> websites");
  });

  it("answers any query without an error, in bounded time: long, bidi, SQL, %, NUL, stop words, operators", async () => {
    const { find } = await owner();
    await insertArticle(database().db, { slug: "one", title: "One", reading_minutes_en: 1 });
    for (const query of [
      "كتابة ".repeat(2000),
      "\u202Ereact\u202C \u2067كتابة\u2069",
      "'; drop table articles; -- ) | ! & <-> :*",
      "%_%",
      "re\u0000act\u0007",
      "the and of في من",
      "\u064B\u0640\u0651",
      "a:* & !b | (c <-> d)",
    ]) {
      const started = Date.now();
      const results = await find(query);
      expect(results.query.length).toBeLessThanOrEqual(200);
      expect(results.total).toBeGreaterThanOrEqual(0);
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it("answers a page past the last with the last one", async () => {
    const { send, find } = await owner();
    for (let index = 0; index < 12; index++)
      await send("POST", "/api/articles", article({ title_en: `Design note ${index}` }));
    const last = await find("design", "en", 9);
    expect(last).toMatchObject({ page: 2, total: 12 });
    expect(last.items).toHaveLength(2);
  });

  it("slows an address that searches faster than a person, and no other", async () => {
    const { search } = await owner();
    for (let index = 0; index < SEARCH_RATE_LIMIT.max; index++)
      expect(await search.waitFor("203.0.113.7")).toBe(0);
    expect(await search.waitFor("203.0.113.7")).toBeGreaterThan(0);
    expect(await search.waitFor("203.0.113.8")).toBe(0);
  });
  it("finds the services in either language, shown in the page's, with the same Arabic normalisation", async () => {
    const { search } = await owner();
    const services: SearchableService[] = siteConfig.services.map((service, index) => ({
      number: index + 1,
      en: { title: service.title.en, text: service.text.en },
      ar: { title: service.title.ar, text: service.text.ar },
    }));
    // "والتطبيقات" is "تطبيقات" with a conjunction and the article; "applications" its English.
    for (const [query, language] of [
      ["والتطبيقات", "ar"],
      ["applications", "ar"],
      ["والتطبيقات", "en"],
    ] as const) {
      const found = await search.find({ query, language, page: 1, services });
      const service = found.items.find((item) => item.kind === "service");
      expect(service, query).toMatchObject({ slug: "1", language, own: true, date: "" });
      expect(service!.title.map((part) => part.text).join("")).toBe(
        language === "ar" ? "تطوير تطبيقات الويب" : "Web Application Development",
      );
      expect(found.total).toBe(found.items.length);
      expect(found.pagedTotal).toBe(0);
    }
    expect((await search.find({ query: "kubernetes", language: "en", page: 1, services })).items).toEqual([]);
  });

  it("finds the tags of public articles, in the language that has them, never a draft's", async () => {
    const { search } = await owner();
    const performance = { slug: "performance", en: "Performance", ar: "الأداء" };
    await insertArticle(database().db, {
      slug: "fast-pages",
      title: "Fast pages",
      title_en: "Fast pages",
      title_ar: "",
      reading_minutes_en: 1,
      reading_minutes_ar: 0,
      tags: [performance],
      date: new Date("2026-01-01T00:00:00Z"),
    });
    await insertArticle(database().db, {
      slug: "secret",
      title: "Secret",
      title_en: "Secret",
      title_ar: "",
      reading_minutes_en: 1,
      reading_minutes_ar: 0,
      published: false,
      tags: [{ slug: "hidden-topic", en: "Hiddentopic", ar: "خفي" }],
      date: new Date("2026-01-01T00:00:00Z"),
    });
    await search.ensureIndex();
    const tagsOf = async (query: string, language: "en" | "ar") =>
      (await search.find({ query, language, page: 1 })).items
        .filter((item) => item.kind === "tag")
        .map((item) => [item.slug, item.language, item.own, item.count]);
    expect(await tagsOf("performance", "en")).toEqual([["performance", "en", true, 1]]);
    // Only English articles carry it: on the Arabic page it is the English tag, under the other language.
    expect(await tagsOf("بالأداء", "ar")).toEqual([["performance", "en", false, 1]]);
    expect(await tagsOf("hiddentopic", "en")).toEqual([]);
  });
  it("narrows the owner's lists of articles and projects with the same matching, drafts included", async () => {
    const { send } = await owner();
    await send(
      "POST",
      "/api/articles",
      article({ title_ar: "مقابلة مع أحمد", content_ar: "<p>حديث عن الكتابة.</p>", status: "draft" }),
    );
    await send("POST", "/api/articles", article({ title_en: "Caching pages", content_en: "<p>Fast.</p>" }));
    await send("POST", "/api/projects", {
      title: "Clinic booking",
      title_ar: "حجز العيادة",
      description: "Appointments online",
      description_ar: "مواعيد عبر الإنترنت",
      published: false,
    });
    await send("POST", "/api/projects", { title: "Shop", description: "Selling online" });
    const titles = async (url: string) => {
      const answer = await send("GET", url);
      expect(answer.status, url).toBe(200);
      return (answer.body.items as { title: string }[]).map((item) => item.title);
    };
    // "احمد" finds "أحمد", "والكتابة" finds "الكتابة", "pages" finds "Caching pages", in a draft too.
    expect(await titles(`/api/admin/articles?q=${encodeURIComponent("احمد")}`)).toEqual(["مقابلة مع أحمد"]);
    expect(await titles(`/api/admin/articles?q=${encodeURIComponent("والكتابة")}&status=draft`)).toEqual([
      "مقابلة مع أحمد",
    ]);
    expect(await titles("/api/admin/articles?q=page&status=draft")).toEqual([]);
    expect(await titles("/api/admin/articles?q=page")).toEqual(["Caching pages"]);
    expect(await titles("/api/admin/articles?q=the")).toEqual([]);
    expect(await titles("/api/admin/articles")).toHaveLength(2);
    expect(await titles(`/api/admin/projects?q=${encodeURIComponent("بالعيادة")}`)).toEqual([
      "Clinic booking",
    ]);
    expect(await titles("/api/admin/projects?q=appointment")).toEqual(["Clinic booking"]);
    expect(await titles("/api/admin/projects")).toHaveLength(2);
    // Too long, or a control character: a 400 that says why, in the owner's language.
    const long = await send("GET", `/api/admin/projects?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain("200");
    expect((await send("GET", "/api/admin/articles?q=a%07b")).status).toBe(400);
  });
  it("narrows the owner's testimonials with the same matching, pending ones included", async () => {
    const { send } = await owner();
    await send("POST", "/api/testimonials", { name: "Sam", quote_en: "Great websites, delivered early." });
    await send("POST", "/api/testimonials", {
      name: "منى أحمد",
      quote_ar: "عمل رائع على المتجر.",
      approved: false,
    });
    const names = async (q: string) => {
      const answer = await send("GET", `/api/testimonials?q=${encodeURIComponent(q)}`);
      expect(answer.status, q).toBe(200);
      return (answer.body as unknown as { name: string }[]).map((item) => item.name);
    };
    expect(await names("website")).toEqual(["Sam"]);
    expect(await names("احمد")).toEqual(["منى أحمد"]);
    expect(await names("بالمتجر")).toEqual(["منى أحمد"]);
    expect(await names("kubernetes")).toEqual([]);
    expect(await names("")).toHaveLength(2);
    expect((await send("GET", `/api/testimonials?q=${"a".repeat(201)}`)).status).toBe(400);
  });
});
