import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sweepUnusedUploads } from "#server/features/uploads/sweep.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { createDiskImageStore } from "#server/kernel/storage/disk-store.ts";
import { makeApp, ownerRequests, signIn, storeImageFile } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { getProjectForPreview, listHomeProjects, resolveProject } from "./service.ts";

// Case studies (docs/product.md §28): the fields of a project's page, its address, drafts and its gallery, on both
// databases.

describe.each(backends)("case studies on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const made = makeApp(database());
    const cookie = await signIn(made.app, database());
    const send = ownerRequests(made.app, () => cookie);
    const storeImage = (name: string) => storeImageFile(made.dataDir, "projects", name);
    const stored = (url: string) =>
      existsSync(path.join(made.dataDir, "storage", url.replace("/storage/", "")));
    return { ...made, send, storeImage, stored };
  }

  it("stores the case study in both languages, its rich text sanitised, and gives it an address from its title", async () => {
    const { send } = await owner();
    const created = await send("POST", "/api/projects", {
      title: "Shop Rebuild",
      client_en: " Acme ",
      client_ar: "أكمي",
      role_en: "Lead developer",
      role_ar: "مطور رئيسي",
      period_en: "2024 – 2025",
      period_ar: "٢٠٢٤ – ٢٠٢٥",
      problem_en: '<p>Slow <img src="x" onerror="alert(1)">pages.</p><script>alert(1)</script>',
      approach_ar: "<p>أعدنا <strong>البناء</strong>.</p>",
      outcome_en: "Plain text\n\nbecomes paragraphs",
      results_en: ["-40 % load time", "  ", "+12 % sales"],
      results_ar: ["أسرع بنسبة ٤٠٪"],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug_en: "shop-rebuild",
      published: true,
      client_en: "Acme",
      client_ar: "أكمي",
      period_ar: "٢٠٢٤ – ٢٠٢٥",
      problem_en: '<p>Slow <img src="x">pages.</p>',
      approach_ar: "<p>أعدنا <strong>البناء</strong>.</p>",
      outcome_en: "<p>Plain text</p>\n<p>becomes paragraphs</p>",
      results_en: ["-40 % load time", "+12 % sales"],
      results_ar: ["أسرع بنسبة ٤٠٪"],
      gallery: [],
    });
    // A second project of the same title gets an address of its own; an edit that sends the slug (as the admin's
    // form does) keeps the address.
    const twin = await send("POST", "/api/projects", { title: "Shop Rebuild" });
    expect(twin.body!.slug_en).toBe("shop-rebuild-1");
    const renamed = await send("PUT", `/api/projects/${created.body!.id as string}`, {
      title: "Renamed",
      slug_en: "shop-rebuild",
    });
    expect(renamed.body).toMatchObject({ title: "Renamed", slug_en: "shop-rebuild", client_en: "" });
  });

  it("refuses too many key results and an overlong client in the owner's language", async () => {
    const { send } = await owner();
    const many = await send(
      "POST",
      "/api/projects",
      { title: "A", results_ar: Array.from({ length: 9 }, (_, n) => `${n}`) },
      "ar",
    );
    expect(many).toMatchObject({
      status: 422,
      body: { issues: [{ path: "results_ar", message: "٨ نتائج على الأكثر." }] },
    });
    const long = await send("POST", "/api/projects", { title: "A", client_en: "x".repeat(201) });
    expect(long.body!.issues).toEqual([{ path: "client_en", message: "At most 200 characters." }]);
  });

  it("keeps a draft out of every public list and address until it is published", async () => {
    const { app, send } = await owner();
    const draft = await send("POST", "/api/projects", { title: "Secret", published: false, featured: true });
    expect(draft.body).toMatchObject({ published: false, slug_en: "secret" });
    const publicTitles = async () =>
      ((await (await app.request("/api/projects")).json()) as { items: { title: string }[] }).items.map(
        (p) => p.title,
      );
    expect(await publicTitles()).toEqual([]);
    const { db } = database();
    expect(await listHomeProjects(db)).toEqual([]);
    expect(await resolveProject(db, "en", "secret")).toBeNull();
    expect(await getProjectForPreview(db, draft.body!.id as string)).toMatchObject({ title: "Secret" });
    await send("PUT", `/api/projects/${draft.body!.id as string}`, { title: "Secret", published: true });
    expect(await publicTitles()).toEqual(["Secret"]);
    expect(await resolveProject(db, "en", "secret")).toMatchObject({
      item: { title: "Secret", gallery: [] },
    });
    expect(await resolveProject(db, "en", "no such/slug")).toBeNull();
  });

  it("keeps the gallery in the owner's order, each image described in both languages, and removes what goes", async () => {
    const { send, storeImage, stored } = await owner();
    const [one, two, three] = ["1700000000001_a.png", "1700000000002_b.png", "1700000000003_c.png"].map(
      storeImage,
    );
    const image = (url: string, n: number) => ({ url, alt_en: `Screen ${n}`, alt_ar: `الشاشة ${n}` });
    const created = await send("POST", "/api/projects", {
      title: "Gallery",
      gallery: [image(one!, 1), image(two!, 2), image(three!, 3)],
    });
    expect(created.status).toBe(201);
    expect((created.body!.gallery as { url: string }[]).map((g) => g.url)).toEqual([one, two, three]);
    const id = created.body!.id as string;

    // Reordered and one removed: the order is the list's, the removed file goes.
    const updated = await send("PUT", `/api/projects/${id}`, {
      title: "Gallery",
      gallery: [image(three!, 3), image(one!, 1)],
    });
    expect(updated.body!.gallery).toEqual([image(three!, 3), image(one!, 1)]);
    expect(stored(two!)).toBe(false);
    expect(stored(one!)).toBe(true);

    // An image not stored here, or one described in one language only, is refused under its own field.
    const foreign = await send("PUT", `/api/projects/${id}`, {
      title: "Gallery",
      gallery: [image(one!, 1), image("https://evil.example/x.png", 2)],
    });
    expect(foreign).toMatchObject({ status: 422, body: { issues: [{ path: "gallery.1.url" }] } });
    const undescribed = await send(
      "PUT",
      `/api/projects/${id}`,
      { title: "Gallery", gallery: [{ url: one, alt_en: "Screen" }] },
      "ar",
    );
    expect(undescribed.body!.issues).toEqual([
      { path: "gallery.0.alt_ar", message: "صِف ما تُظهره الصورة بالعربية." },
    ]);
    expect((await send("GET", `/api/admin/projects/${id}`)).body!.gallery).toEqual([
      image(three!, 3),
      image(one!, 1),
    ]);

    // Deleting the project takes its gallery's files with it.
    expect((await send("DELETE", `/api/projects/${id}`)).status).toBe(204);
    expect(stored(one!)).toBe(false);
    expect(stored(three!)).toBe(false);
  });

  it("stores an image pasted into the case study's text as an upload, kept while the text shows it", async () => {
    const { send, dataDir, stored } = await owner();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#0ea5e9" } })
      .png()
      .toBuffer();
    const created = await send("POST", "/api/projects", {
      title: "Pasted",
      approach_en: `<p>Before and after:</p><img src="data:image/png;base64,${png.toString("base64")}" alt="Chart">`,
    });
    expect(created.status).toBe(201);
    const html = created.body!.approach_en as string;
    expect(html).not.toContain("data:image");
    const url =
      /<img src="(\/storage\/portfolio_images\/projects\/[^"]+)" alt="Chart" width="300" height="200"/.exec(
        html,
      )?.[1];
    expect(url).toBeDefined();
    expect(stored(url!)).toBe(true);

    // The hourly sweep of unused uploads keeps it while the text shows it, and takes it once the text no longer does.
    const deps = { db: database().db, images: createDiskImageStore(dataDir), logger: createMemoryLogger() };
    const later = () => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await sweepUnusedUploads(deps, later())).toBe(0);
    expect(stored(url!)).toBe(true);
    const edited = await send("PUT", `/api/projects/${created.body!.id as string}`, {
      title: "Pasted",
      slug_en: "pasted",
      approach_en: "<p>No picture now.</p>",
    });
    expect(edited.status).toBe(200);
    expect(await sweepUnusedUploads(deps, later())).toBe(1);
    expect(stored(url!)).toBe(false);
  });
});
