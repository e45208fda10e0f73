import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jsonRequest, makeApp, ownerRequests, signIn, storeImageFile } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { insertProject } from "#tests/helpers/seed.ts";
import { listHomeProjects } from "./service.ts";

// Bilingual and curated projects (docs/product.md §5): Arabic texts, alt text for the image, removing the image,
// a featured flag and the owner's order, on both databases.

describe.each(backends)("curated, bilingual projects on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const made = makeApp(database());
    const cookie = await signIn(made.app, database());
    const send = ownerRequests(made.app, () => cookie);
    const storeImage = (name: string) => storeImageFile(made.dataDir, "projects", name);
    return { ...made, send, storeImage };
  }

  const titles = async (send: Awaited<ReturnType<typeof owner>>["send"]) =>
    ((await send("GET", "/api/admin/projects")).body as unknown as { items: { title: string }[] }).items.map(
      (p) => p.title,
    );

  it("stores the Arabic title, description and category beside the English", async () => {
    const { send } = await owner();
    const created = await send("POST", "/api/projects", {
      title: "Shop",
      title_ar: "  متجر  ",
      description: "Line one\nLine two",
      description_ar: "السطر الأول\nالسطر الثاني",
      category: "Web",
      category_ar: "ويب",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Shop",
      title_ar: "متجر",
      description: "Line one\nLine two",
      description_ar: "السطر الأول\nالسطر الثاني",
      category: "Web",
      category_ar: "ويب",
      featured: false,
    });
  });

  it("refuses an overlong Arabic title in the owner's language", async () => {
    const { send } = await owner();
    const response = await send("POST", "/api/projects", { title: "A", title_ar: "م".repeat(201) }, "ar");
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ issues: [{ path: "title_ar", message: "٢٠٠ حرف على الأكثر." }] });
  });

  it("requires the image's description in both languages when there is an image, and says which is missing", async () => {
    const { send, storeImage } = await owner();
    const image = storeImage("1700000000000_a.png");
    const english = await send("POST", "/api/projects", {
      title: "A",
      image_url: image,
      image_alt_ar: "صورة",
    });
    expect(english.status).toBe(422);
    expect(english.body!.issues).toEqual([
      { path: "image_alt_en", message: "Describe what the image shows, in English." },
    ]);
    const arabic = await send(
      "POST",
      "/api/projects",
      { title: "A", image_url: image, image_alt_en: "A" },
      "ar",
    );
    expect(arabic.body!.issues).toEqual([{ path: "image_alt_ar", message: "صِف ما تُظهره الصورة بالعربية." }]);
    const ok = await send("POST", "/api/projects", {
      title: "A",
      image_url: image,
      image_alt_en: "A red bicycle",
      image_alt_ar: "دراجة حمراء",
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ image_alt_en: "A red bicycle", image_alt_ar: "دراجة حمراء" });
  });

  it("removes the image without replacing it: the file goes and so do its descriptions", async () => {
    const { send, storeImage, dataDir } = await owner();
    const image = storeImage("1700000000000_b.png");
    const alt = { image_alt_en: "A cat", image_alt_ar: "قطة" };
    const created = await send("POST", "/api/projects", { title: "Cat", image_url: image, ...alt });
    const updated = await send("PUT", `/api/projects/${created.body!.id as string}`, {
      title: "Cat",
      image_url: null,
      ...alt,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ image_url: null, image_alt_en: "", image_alt_ar: "" });
    expect(existsSync(path.join(dataDir, "storage", image.replace("/storage/", "")))).toBe(false);
  });

  it("puts a new project first and moves projects up and down the owner's order", async () => {
    const { app, send } = await owner();
    for (const title of ["C", "B", "A"]) await send("POST", "/api/projects", { title });
    expect(await titles(send)).toEqual(["A", "B", "C"]);
    const list = ((await send("GET", "/api/admin/projects")).body as unknown as { items: { id: string }[] })
      .items;
    const [a, , c] = list;

    const down = await send("POST", `/api/projects/${a!.id}/move`, { direction: "down" });
    expect(down.status).toBe(200);
    expect((down.body as unknown as { items: { title: string }[] }).items.map((p) => p.title)).toEqual([
      "B",
      "A",
      "C",
    ]);
    await send("POST", `/api/projects/${c!.id}/move`, { direction: "up" });
    expect(await titles(send)).toEqual(["B", "C", "A"]);
    // At the top, up changes nothing.
    const top = ((await send("GET", "/api/admin/projects")).body as unknown as { items: { id: string }[] })
      .items;
    await send("POST", `/api/projects/${top[0]!.id}/move`, { direction: "up" });
    expect(await titles(send)).toEqual(["B", "C", "A"]);
    // The public list follows the owner's order.
    const open = (await (await app.request("/api/projects")).json()) as { items: { title: string }[] };
    expect(open.items.map((p) => p.title)).toEqual(["B", "C", "A"]);
    // A project added now goes first.
    await send("POST", "/api/projects", { title: "New" });
    expect(await titles(send)).toEqual(["New", "B", "C", "A"]);
  });

  it("answers one project, every column, to the owner's edit form; 404 for one that is gone, 401 without a session", async () => {
    const { app, send } = await owner();
    const created = await send("POST", "/api/projects", { title: "Shop", title_ar: "متجر", tags: ["Web"] });
    const id = created.body!.id as string;
    const one = await send("GET", `/api/admin/projects/${id}`);
    expect(one).toEqual({ status: 200, body: created.body });
    await send("DELETE", `/api/projects/${id}`);
    const gone = await send("GET", `/api/admin/projects/${id}`, undefined, "ar");
    expect(gone).toMatchObject({ status: 404, body: { error: "هذا المشروع لم يعد موجودًا." } });
    expect((await send("GET", "/api/admin/projects/not-an-id")).status).toBe(404);
    expect((await app.request(`/api/admin/projects/${id}`)).status).toBe(401);
  });

  it("refuses a move without a session, of an unknown project, or in no direction", async () => {
    const { app, send } = await owner();
    const created = await send("POST", "/api/projects", { title: "A" });
    const id = created.body!.id as string;
    const anonymous = await app.request(`/api/projects/${id}/move`, jsonRequest("POST", { direction: "up" }));
    expect(anonymous.status).toBe(401);
    const unknown = await send("POST", "/api/projects/0b0f7a4e-5d8e-4c55-9a34-2f7e8f7e1a11/move", {
      direction: "up",
    });
    expect(unknown.status).toBe(404);
    const sideways = await send("POST", `/api/projects/${id}/move`, { direction: "left" }, "ar");
    expect(sideways.status).toBe(422);
    expect(sideways.body!.error).toBe('أرسل { "direction": "up" } أو { "direction": "down" }.');
  });

  it("shows the featured projects on the home page in the owner's order, else the newest three", async () => {
    const { send } = await owner();
    const db = database().db;
    for (const [index, title] of ["Oldest", "Old", "Middle", "New", "Newest"].entries()) {
      await insertProject(db, {
        title,
        created_at: new Date(Date.UTC(2025, 0, index + 1)),
        position: 4 - index,
      });
    }
    expect((await listHomeProjects(db)).map((p) => p.title)).toEqual(["Newest", "New", "Middle"]);

    const all = (
      (await send("GET", "/api/admin/projects")).body as unknown as { items: { id: string; title: string }[] }
    ).items;
    const byTitle = (title: string) => all.find((p) => p.title === title)!;
    for (const title of ["Oldest", "Middle"]) {
      const project = byTitle(title);
      await send("PUT", `/api/projects/${project.id}`, { title, featured: true });
    }
    expect((await listHomeProjects(db)).map((p) => p.title)).toEqual(["Middle", "Oldest"]);
    await send("POST", `/api/projects/${byTitle("Oldest").id}/move`, { direction: "up" });
    await send("POST", `/api/projects/${byTitle("Oldest").id}/move`, { direction: "up" });
    expect((await listHomeProjects(db)).map((p) => p.title)).toEqual(["Oldest", "Middle"]);
  });
});
