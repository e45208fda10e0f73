import { describe, expect, it } from "vitest";
import { makeApp, ownerRequests, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { resolveArticle } from "./articles/service.ts";
import { resolveProject } from "./projects/service.ts";

// Either language alone is a whole item (docs/product.md §5): an item written only in Arabic has real addresses,
// keeps no copied title in its English field, and gets an English address of its own once English is added, its
// old one answering 301; through the owner's API on both databases.

describe.each(backends)("an item written in one language on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const { app } = makeApp(database());
    const cookie = await signIn(app, database());
    return { app, send: ownerRequests(app, () => cookie) };
  }

  const FIVE_WORDS = "دليل سريع إلى كتابة المقالات";

  it("gives an Arabic-only article real addresses, and English its own once written", async () => {
    const { send } = await owner();
    const article = (fields: Record<string, unknown>) => ({
      title_en: "",
      title_ar: FIVE_WORDS,
      content_en: "",
      content_ar: "<p>نص</p>",
      status: "published",
      ...fields,
    });
    const created = await send("POST", "/api/articles", article({}));
    expect(created.status).toBe(201);
    const id = created.body!.id as string;
    const arabicSlug = "دليل-سريع-إلى-كتابة-المقالات";
    // No address made of punctuation: the English fallback page uses the Arabic slug.
    expect(created.body).toMatchObject({ slug: arabicSlug, slug_ar: arabicSlug });
    // The edit form's English title is empty: nobody wrote one.
    const edited = await send("GET", `/api/admin/articles/${id}`);
    expect(edited.body).toMatchObject({ title_en: "", title_ar: FIVE_WORDS, title: FIVE_WORDS });

    // English added later, the form sending back the slugs it was given: English gets its own address.
    const withEnglish = await send(
      "PUT",
      `/api/articles/${id}`,
      article({
        title_en: "A quick guide to writing",
        content_en: "<p>Text</p>",
        slug_en: arabicSlug,
        slug_ar: arabicSlug,
      }),
    );
    expect(withEnglish.body).toMatchObject({ slug: "a-quick-guide-to-writing", slug_ar: arabicSlug });
    const db = database().db;
    expect(await resolveArticle(db, "en", arabicSlug, new Date())).toEqual({
      movedTo: "a-quick-guide-to-writing",
    });
    // A title sent back unchanged now stays: the owner's address is not rebuilt at every save.
    const again = await send(
      "PUT",
      `/api/articles/${id}`,
      article({
        title_en: "A quick guide to writing, revised",
        content_en: "<p>Text</p>",
        slug_en: "a-quick-guide-to-writing",
        slug_ar: arabicSlug,
      }),
    );
    expect(again.body).toMatchObject({ slug: "a-quick-guide-to-writing" });
  });

  it("saves a project with only an Arabic title, named by it everywhere", async () => {
    const { send } = await owner();
    const created = await send("POST", "/api/projects", {
      title: "",
      title_ar: "متجر القهوة الإلكتروني الجديد",
    });
    expect(created.status).toBe(201);
    const id = created.body!.id as string;
    const slug = "متجر-القهوة-الإلكتروني-الجديد";
    expect(created.body).toMatchObject({ title: "", slug_en: slug, slug_ar: slug });
    // Blank in both languages: still refused, under the English title.
    const blank = await send("POST", "/api/projects", { title: " ", title_ar: "" });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({ issues: [{ path: "title", message: "Project title is required." }] });
    // The owner's list names it by its Arabic title.
    const listed = (await send("GET", "/api/admin/projects")).body as {
      items: { id: string; title_ar: string }[];
    };
    expect(listed.items.find((item) => item.id === id)?.title_ar).toBe("متجر القهوة الإلكتروني الجديد");
    // English added later: its own address, the old one answering 301.
    const updated = await send("PUT", `/api/projects/${id}`, {
      title: "Coffee Shop",
      title_ar: "متجر القهوة الإلكتروني الجديد",
      slug_en: slug,
      slug_ar: slug,
    });
    expect(updated.body).toMatchObject({ slug_en: "coffee-shop", slug_ar: slug });
    expect(await resolveProject(database().db, "en", slug)).toEqual({ movedTo: "coffee-shop" });
  });
});
