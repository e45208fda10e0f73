import { describe, expect, it } from "vitest";
import { makeApp, ownerRequests, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { listArticlePage, resolveArticle } from "./articles/service.ts";
import { resolveProject } from "./projects/service.ts";

// A slug per language and addresses that never break (decision 015), and what exists in which language
// (decision 015), for articles and projects alike, through the owner's API on both databases.

describe.each(backends)("addresses of articles and projects on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const { app } = makeApp(database());
    const cookie = await signIn(app, database());
    return { app, send: ownerRequests(app, () => cookie) };
  }

  const article = (fields: Record<string, unknown>) => ({
    title_en: "",
    title_ar: "",
    content_en: "",
    content_ar: "",
    status: "published",
    ...fields,
  });
  const resolve = (language: "en" | "ar", slug: string) => resolveArticle(database().db, language, slug);

  it("gives an article a slug per language, the owner's own when typed, unique in each language", async () => {
    const { app, send } = await owner();
    const both = await send(
      "POST",
      "/api/articles",
      article({
        title_en: "Hello World",
        title_ar: "مرحبًا بـالـعالم",
        content_en: "<p>Hi</p>",
        content_ar: "<p>أهلا</p>",
      }),
    );
    expect(both.body).toMatchObject({ slug: "hello-world", slug_ar: "مرحبا-بالعالم" });
    // Only an Arabic title: an Arabic slug from the title, which the English fallback page uses too.
    const arabic = await send("POST", "/api/articles", article({ title_ar: "كتابة ٣ مقالات؟" }));
    expect(arabic.body).toMatchObject({ slug: "كتابة-٣-مقالات", slug_ar: "كتابة-٣-مقالات" });
    // Only an English title: the Arabic address uses the English slug.
    const english = await send("POST", "/api/articles", article({ title_en: "Only English" }));
    expect(english.body).toMatchObject({ slug: "only-english", slug_ar: "only-english" });
    // The owner's own, normalised; taken in one language, numbered in that language only.
    const own = await send(
      "POST",
      "/api/articles",
      article({ title_en: "X", slug_en: "My Own Address", slug_ar: "  مرحبا بالعالم " }),
    );
    expect(own.body).toMatchObject({ slug: "my-own-address", slug_ar: "مرحبا-بالعالم-1" });
    const tooLong = await send("POST", "/api/articles", article({ title_en: "X", slug_en: "a".repeat(201) }));
    expect(tooLong.status).toBe(422);
    // The public API finds an article by its slug in either language, as a browser sends it (percent-encoded).
    for (const slug of ["hello-world", "مرحبا-بالعالم"]) {
      const found = await app.request(`/api/articles/${encodeURIComponent(slug)}`);
      expect(found.status).toBe(200);
      expect(((await found.json()) as { id: string }).id).toBe(both.body!.id);
    }
    // Spelled like another article's Arabic slug: the article whose English slug it is.
    const latin = await send(
      "POST",
      "/api/articles",
      article({ title_en: "Other", title_ar: "Hello World", content_en: "<p>x</p>", content_ar: "<p>y</p>" }),
    );
    expect(latin.body).toMatchObject({ slug: "other", slug_ar: "hello-world" });
    const spelled = await app.request("/api/articles/hello-world");
    expect(((await spelled.json()) as { id: string }).id).toBe(both.body!.id);
  });

  it("answers every slug an article ever had with its current address, and gone once deleted", async () => {
    const { send } = await owner();
    const created = await send(
      "POST",
      "/api/articles",
      article({ title_en: "Hey", title_ar: "أهلا وسهلا", content_en: "<p>a</p>", content_ar: "<p>ب</p>" }),
    );
    const id = created.body!.id as string;
    expect(await resolve("en", "hey")).toMatchObject({ item: { id } });
    expect(await resolve("ar", "أهلا-وسهلا")).toMatchObject({ item: { id } });
    // The slug of the other language (the language menu) moves to this language's.
    expect(await resolve("ar", "hey")).toEqual({ movedTo: "أهلا-وسهلا" });
    expect(await resolve("en", "أهلا-وسهلا")).toEqual({ movedTo: "hey" });

    const body = (title_en: string, title_ar: string) =>
      article({ title_en, title_ar, content_en: "<p>a</p>", content_ar: "<p>ب</p>" });
    await send("PUT", `/api/articles/${id}`, body("Hello there", "مرحبا"));
    await send("PUT", `/api/articles/${id}`, body("Hello again", "مرحبا مجددا"));
    for (const [language, slug] of [
      ["en", "hey"],
      ["en", "hello-there"],
      ["ar", "hey"],
    ] as const)
      expect(await resolve(language, slug)).toEqual({
        movedTo: language === "en" ? "hello-again" : "مرحبا-مجددا",
      });
    expect(await resolve("ar", "أهلا-وسهلا")).toEqual({ movedTo: "مرحبا-مجددا" });
    expect(await resolve("ar", "مرحبا")).toEqual({ movedTo: "مرحبا-مجددا" });
    // Another article may take an old slug: it is then that article's address.
    const taker = await send("POST", "/api/articles", body("Hey", "مرحبا"));
    expect(await resolve("en", "hey")).toMatchObject({ item: { id: taker.body!.id } });
    expect(await resolve("ar", "مرحبا")).toMatchObject({ item: { id: taker.body!.id } });

    // Back to a draft: not found at any address; deleted: gone at every one.
    await send("PUT", `/api/articles/${id}`, { ...body("Hello again", "مرحبا مجددا"), status: "draft" });
    expect(await resolve("en", "hello-again")).toBeNull();
    expect(await resolve("en", "hello-there")).toBeNull();
    await send("DELETE", `/api/articles/${id}`);
    for (const [language, slug] of [
      ["en", "hello-again"],
      ["en", "hello-there"],
      ["ar", "مرحبا-مجددا"],
      ["ar", "أهلا-وسهلا"],
    ] as const)
      expect(await resolve(language, slug)).toEqual({ gone: true });
    expect(await resolve("en", "never-was")).toBeNull();
    expect(await resolve("en", "<script>")).toBeNull();
  });

  it("keeps no old address for a draft that was never public", async () => {
    const { send } = await owner();
    const draft = await send("POST", "/api/articles", article({ title_en: "Draft one", status: "draft" }));
    const id = draft.body!.id as string;
    await send("PUT", `/api/articles/${id}`, article({ title_en: "Draft two", status: "published" }));
    expect(await resolve("en", "draft-one")).toBeNull();
    expect(await resolve("en", "draft-two")).toMatchObject({ item: { id } });
    await send("DELETE", `/api/articles/${id}`);
    expect(await resolve("en", "draft-two")).toEqual({ gone: true });
  });

  it("lists in a feed's language only the articles that exist in it", async () => {
    const { send } = await owner();
    await send("POST", "/api/articles", article({ title_en: "English", content_en: "<p>text</p>" }));
    await send("POST", "/api/articles", article({ title_ar: "عربي", content_ar: "<p>نص</p>" }));
    await send(
      "POST",
      "/api/articles",
      article({ title_en: "Both", title_ar: "كلاهما", content_en: "<p>a</p>", content_ar: "<p>ب</p>" }),
    );
    const titles = async (language: "en" | "ar") =>
      (await listArticlePage(database().db, { page: 1, perPage: 20, language })).items
        .map((row) => row.title_en || row.title_ar)
        .sort();
    expect(await titles("en")).toEqual(["Both", "English"]);
    expect(await titles("ar")).toEqual(["Both", "عربي"]);
  });

  it("records when each language's text changed, so an older translation shows", async () => {
    const { send } = await owner();
    const created = await send(
      "POST",
      "/api/articles",
      article({ title_en: "T", content_en: "<p>one</p>", content_ar: "<p>واحد</p>" }),
    );
    expect(created.body!.text_changed_en).toBe(created.body!.text_changed_ar);
    const edited = await send(
      "PUT",
      `/api/articles/${created.body!.id as string}`,
      article({ title_en: "T", content_en: "<p>two</p>", content_ar: "<p>واحد</p>" }),
    );
    expect(edited.body!.text_changed_ar).toBe(created.body!.text_changed_ar);
    expect(Date.parse(edited.body!.text_changed_en as string)).toBeGreaterThan(
      Date.parse(created.body!.text_changed_en as string),
    );
    const english = await send("POST", "/api/articles", article({ title_en: "E", content_en: "<p>e</p>" }));
    expect(english.body!.text_changed_ar).toBeNull();
    await send(
      "POST",
      "/api/articles",
      article({ title_en: "Together", content_en: "<p>a</p>", content_ar: "<p>ب</p>" }),
    );
    // What needs translating: a language missing, or one whose text is older than the other's.
    const needs = (await send("GET", "/api/admin/articles?status=untranslated")).body as unknown as {
      items: { title_en: string }[];
    };
    expect(needs.items.map((row) => row.title_en).sort()).toEqual(["E", "T"]);
  });

  it("gives projects the same slugs per language, old addresses and gone", async () => {
    const { send } = await owner();
    const project = (fields: Record<string, unknown>) => ({ title: "Shop", ...fields });
    const created = await send("POST", "/api/projects", project({ title_ar: "متجر إلكتروني" }));
    const id = created.body!.id as string;
    expect(created.body).toMatchObject({ slug_en: "shop", slug_ar: "متجر-إلكتروني" });
    const second = await send("POST", "/api/projects", project({}));
    expect(second.body).toMatchObject({ slug_en: "shop-1", slug_ar: "shop" });
    const db = database().db;
    await send("PUT", `/api/projects/${id}`, project({ title: "Web shop", title_ar: "متجر" }));
    expect(await resolveProject(db, "en", "shop")).toEqual({ movedTo: "web-shop" });
    expect(await resolveProject(db, "ar", "متجر-إلكتروني")).toEqual({ movedTo: "متجر" });
    expect(await resolveProject(db, "ar", "web-shop")).toEqual({ movedTo: "متجر" });
    expect(await resolveProject(db, "ar", "متجر")).toMatchObject({ item: { id } });
    await send("DELETE", `/api/projects/${id}`);
    expect(await resolveProject(db, "en", "web-shop")).toEqual({ gone: true });
    expect(await resolveProject(db, "ar", "متجر-إلكتروني")).toEqual({ gone: true });
    expect(await resolveProject(db, "en", "shop-1")).toMatchObject({ item: { id: second.body!.id } });
  });
});
