import { describe, expect, it } from "vitest";
import { apiErrorTexts } from "#core/api-errors.ts";
import { CASE_STUDY_TEXTS } from "#core/projects.ts";
import { articles, projects, testimonialLinks } from "#db/schema.ts";
import { makeApp, ownerRequests, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";

// What the owner types is refused with a 4xx in the owner's language, never a 500, in every rich-text field and
// every reference to another item; and nothing is stored.

const MISSING = "00000000-0000-4000-8000-000000000000";

describe.each(backends)("the owner's rich text and references on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const made = makeApp(database());
    const cookie = await signIn(made.app, database());
    return { ...made, send: ownerRequests(made.app, () => cookie) };
  }

  it("refuses a <frameset>, which would hide the whole text, in every rich-text field", async () => {
    const { send } = await owner();
    for (const field of CASE_STUDY_TEXTS) {
      const refused = await send(
        "POST",
        "/api/projects",
        { title: "Shop", [field]: "<frameset><p>Text" },
        "ar",
      );
      expect(refused, field).toMatchObject({
        status: 422,
        body: { issues: [{ path: field, message: apiErrorTexts.ar.htmlFrameset }] },
      });
    }
    for (const field of ["content_en", "content_ar"]) {
      const refused = await send("POST", "/api/articles", {
        title_en: "Caching",
        title_ar: "التخزين",
        [field]: "<html><frameset><frame src=x></frameset>",
      });
      expect(refused, field).toMatchObject({
        status: 422,
        body: { issues: [{ path: field, message: apiErrorTexts.en.htmlFrameset }] },
      });
    }
    expect(await database().db.select().from(projects)).toEqual([]);
    expect(await database().db.select().from(articles)).toEqual([]);
    // The same words with the frameset after them are kept: only what a page cannot show is refused.
    const kept = await send("POST", "/api/projects", { title: "Shop", problem_en: "<p>Slow</p><frameset>" });
    expect(kept).toMatchObject({ status: 201, body: { problem_en: "<p>Slow</p>" } });
  });

  it("refuses a testimonial link about a project that does not exist, under its field", async () => {
    const { send } = await owner();
    const refused = await send("POST", "/api/testimonials/links", { days: 7, project_id: MISSING }, "ar");
    expect(refused).toMatchObject({
      status: 422,
      body: { issues: [{ path: "project_id", message: apiErrorTexts.ar.projectNotFound }] },
    });
    expect(await database().db.select().from(testimonialLinks)).toEqual([]);
  });
});
