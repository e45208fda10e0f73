import { describe, expect, it } from "vitest";
import { ProjectInputSchema } from "#db/inputs.ts";
import { SiteSettingsSchema } from "#core/site-settings.ts";
import { schemaResolver } from "./schema-resolver.ts";

// The admin's forms are checked with the API's own schemas, each refusal worded as the server words it.

const options = { fields: {}, shouldUseNativeValidation: false };

describe("schemaResolver", () => {
  it("passes the form's values on when the schema takes them", async () => {
    const resolve = schemaResolver<{ title: string }>({ schema: ProjectInputSchema, language: "en" });
    expect(await resolve({ title: "Shop" }, undefined, options)).toEqual({
      values: { title: "Shop" },
      errors: {},
    });
  });

  it("words a refusal as the server does, with the limit it names, in the page's language", async () => {
    const resolve = schemaResolver<{ title: string; title_ar: string }>({
      schema: ProjectInputSchema,
      language: "ar",
    });
    // Either title alone is enough (an Arabic-only project); both empty is refused under the English one.
    const { errors } = await resolve({ title: "", title_ar: "م".repeat(201) }, undefined, options);
    expect(errors).toMatchObject({ title_ar: { message: "٢٠٠ حرف على الأكثر." } });
    const empty = await resolve({ title: "", title_ar: "" }, undefined, options);
    expect(empty.errors).toMatchObject({ title: { message: "عنوان المشروع مطلوب." } });
  });

  it("checks the body the form sends, and shows each issue under the field `fieldOf` names", async () => {
    const resolve = schemaResolver<{ title: string; tags: string }>({
      schema: ProjectInputSchema,
      language: "en",
      toBody: (values) => ({ title: values.title, tags: values.tags.split(",") }),
      fieldOf: (path) => path.split(".")[0]!,
    });
    const { errors } = await resolve({ title: "Shop", tags: `ok,${"x".repeat(41)}` }, undefined, options);
    expect(Object.keys(errors)).toEqual(["tags"]);
    expect(errors).toMatchObject({ tags: { message: "At most 40 characters." } });
  });

  it("nests the refusals of a document by their path, the first one of a field kept", async () => {
    const resolve = schemaResolver<{ name: { en: string; ar: string } }>({
      schema: SiteSettingsSchema.pick({ name: true }),
      language: "en",
    });
    const { errors } = await resolve({ name: { en: "", ar: " " } }, undefined, options);
    expect(errors).toMatchObject({
      name: { en: { message: "Write this in English too." }, ar: { message: "Write this in Arabic too." } },
    });
  });

  it("adds the rules the server checks beside the schema", async () => {
    const resolve = schemaResolver<{ title: string }>({
      schema: ProjectInputSchema,
      language: "en",
      rules: () => [{ path: ["title"], message: "articleTitleRequired" }],
    });
    const { errors } = await resolve({ title: "Shop" }, undefined, options);
    expect(errors).toMatchObject({ title: { message: "At least one title (EN or AR) is required." } });
  });
});
