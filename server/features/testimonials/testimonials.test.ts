import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testimonialLinks } from "#db/schema.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { createRateLimits } from "#server/kernel/rate-limits.ts";
import { createDiskImageStore } from "#server/kernel/storage/disk-store.ts";
import { createUploads } from "#server/features/uploads/service.ts";
import { makeApp, ownerRequests, signIn, storeImageFile } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { createTestimonials } from "./service.ts";

// Testimonials (docs/product.md §29): the owner's records, order and approval, and one-time links a client writes
// through, which work once, expire, and refuse forgeries without storing anything; on both databases.

describe.each(backends)("testimonials on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const made = makeApp(database());
    const cookie = await signIn(made.app, database());
    return { ...made, send: ownerRequests(made.app, () => cookie) };
  }

  /** The service as the pages use it, on the uploads of a fresh site folder, at a time the test sets. */
  function service(at = { now: new Date() }) {
    const { db } = database();
    const { dataDir } = makeApp(database());
    const uploads = createUploads({
      db,
      images: createDiskImageStore(dataDir),
      logger: createMemoryLogger(),
      contentChanged: () => {},
    });
    return createTestimonials({
      db,
      now: () => at.now,
      rateLimits: createRateLimits(db, () => at.now),
      uploads,
      contentChanged: () => {},
    });
  }

  it("records, orders, approves and features testimonials; only approved ones chosen for home show there", async () => {
    const { app, send, dataDir } = await owner();
    const refused = await send("POST", "/api/testimonials", { name: " ", quote_en: "" }, "ar");
    expect(refused).toMatchObject({
      status: 422,
      body: {
        issues: [
          { path: "name", message: "يرجى كتابة اسمك." },
          { path: "quote_en", message: "اكتب بضع كلمات، بالعربية أو بالإنجليزية." },
        ],
      },
    });
    const sam = await send("POST", "/api/testimonials", {
      name: "Sam",
      quote_en: "Great work.",
      show_on_home: true,
    });
    const mona = await send("POST", "/api/testimonials", {
      name: "منى",
      quote_ar: "عمل رائع.",
      company: "أكمي",
      show_on_home: true,
      approved: false,
    });
    expect(sam.status).toBe(201);
    const names = async () =>
      ((await send("GET", "/api/testimonials")).body as unknown as { name: string }[]).map((t) => t.name);
    expect(await names()).toEqual(["منى", "Sam"]);
    await send("POST", `/api/testimonials/${sam.body!.id as string}/move`, { direction: "up" });
    expect(await names()).toEqual(["Sam", "منى"]);
    expect((await service().listHome()).map((t) => t.name)).toEqual(["Sam"]);
    await send("PUT", `/api/testimonials/${mona.body!.id as string}`, { ...mona.body, approved: true });
    expect((await service().listHome()).map((t) => t.name)).toEqual(["Sam", "منى"]);
    expect((await send("DELETE", `/api/testimonials/${sam.body!.id as string}`)).status).toBe(204);
    expect(await names()).toEqual(["منى"]);
    // A photo must be one of the site's stored images.
    const foreign = await send("PUT", `/api/testimonials/${mona.body!.id as string}`, {
      ...mona.body,
      photo_url: "https://evil.example/me.png",
    });
    expect(foreign).toMatchObject({ status: 422, body: { issues: [{ path: "photo_url" }] } });
    const photo = storeImageFile(dataDir, "site", "1700000000009_mona.png");
    const withPhoto = await send("PUT", `/api/testimonials/${mona.body!.id as string}`, {
      ...mona.body,
      photo_url: photo,
    });
    expect(withPhoto.body).toMatchObject({ photo_url: photo });
    expect((await app.request("/api/testimonials")).status).toBe(401);
  });

  it("takes a client's words once through a link, pending approval, on the link's project's page once approved", async () => {
    const { send } = await owner();
    const project = await send("POST", "/api/projects", { title: "Shop" });
    const projectId = project.body!.id as string;
    const link = await send("POST", "/api/testimonials/links", {
      label: "Mona",
      project_id: projectId,
      days: 7,
    });
    expect(link.status).toBe(201);
    const token = link.body!.token as string;
    const testimonials = service();
    expect(await testimonials.linkState(token)).toBe("ok");

    await testimonials.submit(
      token,
      { name: "منى", quote_en: "", quote_ar: "عمل رائع.", role: "", company: "" },
      "203.0.113.5",
    );
    expect(await testimonials.linkState(token)).toBe("used");
    const [stored] = await testimonials.list();
    expect(stored).toMatchObject({
      name: "منى",
      quote_ar: "عمل رائع.",
      approved: false,
      project_id: projectId,
    });
    expect(await testimonials.forProject(projectId)).toEqual([]);
    // A second post of the same link stores nothing.
    await expect(
      testimonials.submit(
        token,
        { name: "X", quote_en: "Again", quote_ar: "", role: "", company: "" },
        "203.0.113.5",
      ),
    ).rejects.toMatchObject({ status: 410, key: "testimonialLinkUsed" });
    expect(await testimonials.list()).toHaveLength(1);

    await send("PUT", `/api/testimonials/${stored!.id}`, { ...stored, approved: true });
    expect((await testimonials.forProject(projectId)).map((t) => t.name)).toEqual(["منى"]);
  });

  it("lists every link with who it was for and its language, keeps that once answered, and withdraws only unused ones", async () => {
    const { send } = await owner();
    const forMona = await send("POST", "/api/testimonials/links", { label: "منى", language: "ar" });
    expect(forMona).toMatchObject({ status: 201, body: { label: "منى", language: "ar", state: "open" } });
    const forSam = await send("POST", "/api/testimonials/links", { label: "Sam" });
    expect(forSam.body).toMatchObject({ language: "en", state: "open" });
    // A link about a project that is not there is the owner's mistake, told as such.
    const nowhere = await send("POST", "/api/testimonials/links", {
      label: "X",
      project_id: "7f3c2a4e-1b5d-4c6e-8f90-123456789abc",
    });
    expect(nowhere.status).toBe(422);

    const testimonials = service();
    await testimonials.submit(
      forMona.body!.token as string,
      { name: "منى سالم", quote_en: "", quote_ar: "عمل رائع.", role: "", company: "" },
      "203.0.113.5",
    );
    const listed = async () =>
      ((await send("GET", "/api/testimonials/links")).body as unknown as Record<string, unknown>[])
        .map(({ label, language, state, answered_by, token }) => ({
          label,
          language,
          state,
          answered_by,
          open: token !== null,
        }))
        .sort((a, b) => String(a.label).localeCompare(String(b.label)));
    expect(await listed()).toEqual([
      { label: "Sam", language: "en", state: "open", answered_by: null, open: true },
      { label: "منى", language: "ar", state: "used", answered_by: "منى سالم", open: false },
    ]);

    // An answered link stays on the list; an unused one is withdrawn and its address no longer works.
    expect((await send("DELETE", `/api/testimonials/links/${forMona.body!.id as string}`)).status).toBe(409);
    expect((await send("DELETE", `/api/testimonials/links/${forSam.body!.id as string}`)).status).toBe(204);
    expect(await testimonials.linkState(forSam.body!.token as string)).toBe("invalid");
    expect((await listed()).map(({ label }) => label)).toEqual(["منى"]);
    expect((await send("DELETE", "/api/testimonials/links/nope")).status).toBe(404);
  });

  it("edits a collected testimonial keeping its approval and home choice unless the owner sends them; a project must exist", async () => {
    const { send, dataDir } = await owner();
    const project = await send("POST", "/api/projects", { title: "Shop" });
    const projectId = project.body!.id as string;
    const { token } = await service().createLink({
      label: "",
      project_id: projectId,
      language: "en",
      days: 1,
    });
    await service().submit(
      token,
      { name: "منى", quote_en: "", quote_ar: "عمل رائع.", role: "", company: "" },
      "203.0.113.5",
    );
    const [collected] = await service().list();
    const path = `/api/testimonials/${collected!.id}`;
    // The owner corrects the words, the role and adds a photo: the testimonial still waits for approval.
    const photo = storeImageFile(dataDir, "site", "1700000000010_mona.png");
    const edited = await send("PUT", path, {
      name: "منى",
      quote_ar: "عمل رائع حقاً.",
      role: "مديرة",
      photo_url: photo,
      project_id: projectId,
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        quote_ar: "عمل رائع حقاً.",
        role: "مديرة",
        photo_url: photo,
        approved: false,
        show_on_home: false,
      },
    });
    expect(await service().forProject(projectId)).toEqual([]);
    // Approved and chosen for home by the owner; an edit that leaves both out keeps them.
    await send("PUT", path, { ...edited.body, approved: true, show_on_home: true });
    const again = await send("PUT", path, { name: "منى", quote_ar: "عمل رائع.", project_id: projectId });
    expect(again.body).toMatchObject({ approved: true, show_on_home: true, photo_url: null });
    expect((await service().listHome()).map((t) => t.quote_ar)).toEqual(["عمل رائع."]);
    // A new one is approved and off the home page unless the owner says otherwise.
    const written = await send("POST", "/api/testimonials", { name: "Sam", quote_en: "Great." });
    expect(written.body).toMatchObject({ approved: true, show_on_home: false, project_id: null });
    // A project that does not exist is refused under its field, in the owner's language, and nothing changes.
    const missing = await send(
      "PUT",
      path,
      { name: "منى", quote_ar: "x", project_id: "00000000-0000-4000-8000-000000000000" },
      "ar",
    );
    expect(missing).toMatchObject({ status: 422, body: { issues: [{ path: "project_id" }] } });
    const refusedNew = await send("POST", "/api/testimonials", {
      name: "Sam",
      quote_en: "x",
      project_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(refusedNew).toMatchObject({ status: 422, body: { issues: [{ path: "project_id" }] } });
    expect((await service().list()).map((t) => t.quote_ar)).toEqual(["", "عمل رائع."]);
  });

  it("refuses a forged or expired link and stores nothing; limits posts from one address like the contact form", async () => {
    const { send } = await owner();
    const at = { now: new Date("2026-01-01T00:00:00Z") };
    const testimonials = service(at);
    const { token } = await testimonials.createLink({ label: "", project_id: null, language: "en", days: 1 });
    const words = { name: "A", quote_en: "Fine.", quote_ar: "", role: "", company: "" };
    const [id, expiry] = token.split(".");
    for (const forged of [
      "not-a-link",
      `${id}.${Number(expiry) + 86400}.${token.split(".")[2]}`,
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
    ]) {
      expect(await testimonials.linkState(forged)).toBe("invalid");
      await expect(testimonials.submit(forged, words, "203.0.113.9")).rejects.toMatchObject({
        status: 404,
        key: "testimonialLinkInvalid",
      });
    }
    // A link deleted from the database is no longer good either.
    const other = await testimonials.createLink({ label: "", project_id: null, language: "en", days: 1 });
    await database()
      .db.delete(testimonialLinks)
      .where(eq(testimonialLinks.id, other.token.split(".")[0]!));
    expect(await testimonials.linkState(other.token)).toBe("invalid");

    at.now = new Date("2026-01-02T00:00:01Z");
    expect(await testimonials.linkState(token)).toBe("expired");
    await expect(testimonials.submit(token, words, "203.0.113.9")).rejects.toMatchObject({
      status: 410,
      key: "testimonialLinkExpired",
    });
    expect(await testimonials.list()).toEqual([]);

    // Six good links from one address in an hour: the sixth is refused with the wait, and stores nothing.
    const fresh = await Promise.all(
      Array.from({ length: 6 }, () =>
        testimonials.createLink({ label: "", project_id: null, language: "en", days: 1 }),
      ),
    );
    for (const { token: good } of fresh.slice(0, 5)) await testimonials.submit(good, words, "198.51.100.7");
    await expect(testimonials.submit(fresh[5]!.token, words, "198.51.100.7")).rejects.toMatchObject({
      status: 429,
      key: "testimonialLimited",
    });
    expect(await testimonials.list()).toHaveLength(5);
    expect(await testimonials.linkState(fresh[5]!.token)).toBe("ok");
    // The owner's API refuses a link lasting no day at all.
    const never = await send("POST", "/api/testimonials/links", { days: 0 });
    expect(never).toMatchObject({
      status: 422,
      body: { issues: [{ path: "days", message: "A link lasts from 1 to 60 days." }] },
    });
  });
});
