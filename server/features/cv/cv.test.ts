import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_CV, type Cv } from "#core/cv.ts";
import { siteSettings, testimonials } from "#db/schema.ts";
import { jsonRequest, makeApp, ownerRequests, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { insertProject } from "#tests/helpers/seed.ts";

// The CV (docs/product.md §32) through the real app on both databases: the owner's document, its rules and
// messages, JSON Resume checked by the schema's own validator, and the PDF judged by poppler's tools (pdftotext,
// pdffonts, pdfinfo, pdftohtml), which nobody here wrote: every sentence in logical order, fonts embedded, links.

const require = createRequire(import.meta.url);
const { validate } = require("@jsonresume/schema") as {
  validate: (resume: unknown, callback: (errors: unknown, valid: boolean) => void) => void;
};

const folder = mkdtempSync(path.join(tmpdir(), "sira-cv-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs a poppler tool on a PDF's bytes; answers its output. */
function poppler(tool: string, pdf: Uint8Array, ...args: string[]): string {
  const file = path.join(folder, `${tool}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync(tool, [...args, file, ...(tool === "pdftotext" || tool === "pdftohtml" ? ["-"] : [])], {
    encoding: "utf8",
  });
}

/** pdftotext's text without the embedding marks it writes around right-to-left runs, lines joined by spaces. */
function pdfText(pdf: Uint8Array): string {
  return poppler("pdftotext", pdf)
    .replace(/[\u202a-\u202e]/g, "")
    .replace(/\s+/g, " ");
}

const ARABIC_SENTENCE = "أعمل بـ React و Next.js منذ ٢٠١٩";

const CV: Cv = {
  ...DEFAULT_CV,
  sections: ["summary", "experience", "education", "certifications", "languages", "skills"],
  experience: [
    {
      role: { en: "Senior frontend developer", ar: "مطوّر واجهات أول" },
      organisation: { en: "Nile Labs", ar: "مختبرات النيل" },
      place: { en: "Cairo", ar: "القاهرة" },
      start: "2021-03",
      end: "",
      url: "https://nile.example.com/",
      highlights: [
        { en: "I build with React and Next.js since 2019.", ar: ARABIC_SENTENCE },
        { en: "Cut the load time of the shop by half.", ar: "" },
      ],
    },
  ],
  education: [
    {
      institution: { en: "Cairo University", ar: "جامعة القاهرة" },
      study: { en: "Computer science", ar: "علوم الحاسب" },
      place: { en: "", ar: "" },
      start: "2012",
      end: "2016",
      url: "",
    },
  ],
  certifications: [
    {
      name: { en: "AWS Certified Developer", ar: "" },
      issuer: { en: "Amazon Web Services", ar: "" },
      date: "2022-06",
      url: "https://aws.example.com/cert",
    },
  ],
  languages: [
    { language: { en: "Arabic", ar: "العربية" }, level: { en: "Native", ar: "اللغة الأم" } },
    { language: { en: "English", ar: "الإنجليزية" }, level: { en: "Fluent", ar: "بطلاقة" } },
  ],
  downloadLink: { hero: true, about: false },
};

describe.each(backends)("the CV on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const made = makeApp(database());
    const cookie = await signIn(made.app, database());
    return { ...made, send: ownerRequests(made.app, () => cookie) };
  }

  const pdfOf = async (app: ReturnType<typeof makeApp>["app"], address: string) => {
    const response = await app.request(address);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    return new Uint8Array(await response.arrayBuffer());
  };

  it("keeps the owner's document, for the owner only", async () => {
    const { app, send } = await owner();
    expect((await app.request("/api/cv")).status).toBe(401);
    expect((await app.request("/api/cv", jsonRequest("PUT", CV))).status).toBe(401);
    expect((await send("GET", "/api/cv")).body).toEqual(DEFAULT_CV);
    const saved = await send("PUT", "/api/cv", CV);
    expect(saved.status).toBe(200);
    expect((await send("GET", "/api/cv")).body).toEqual(CV);
  });

  it("refuses a bad document with each problem named in the owner's language, and changes nothing", async () => {
    const { send } = await owner();
    const bad = structuredClone(CV);
    bad.experience[0]!.role = { en: " ", ar: "" };
    bad.experience[0]!.start = "March 2021";
    const refused = await send("PUT", "/api/cv", bad, "ar");
    expect(refused.status).toBe(422);
    expect(refused.body!.issues).toEqual(
      expect.arrayContaining([
        { path: "experience.0.role", message: "اكتب هذا بالإنجليزية أو بالعربية." },
        { path: "experience.0.start", message: "اكتب سنة (2019) أو شهرًا (2019-04)." },
      ]),
    );
    const unknownProject = await send("PUT", "/api/cv", {
      ...CV,
      projects: ["00000000-0000-4000-8000-000000000000"],
    });
    expect(unknownProject).toMatchObject({ status: 422, body: { error: "This project no longer exists." } });
    const tooMany = await send("PUT", "/api/cv", { ...CV, experience: Array(61).fill(CV.experience[0]) });
    expect(tooMany).toMatchObject({ status: 422 });
    expect((await send("GET", "/api/cv")).body).toEqual(DEFAULT_CV);
  });

  it("answers JSON Resume in each language, valid by the schema's own validator", async () => {
    const { app, send } = await owner();
    const project = await insertProject(database().db, {
      title: "Shop rebuild",
      title_ar: "إعادة بناء المتجر",
      client_en: "Nile Books",
      results_en: ["-40 % load time"],
      results_ar: ["وقت تحميل أقل بنسبة ٤٠٪"],
    });
    const [testimonial] = await database()
      .db.insert(testimonials)
      .values({ name: "Sara", quote_en: "Great work.", role: "CEO", company: "Nile Books" })
      .returning();
    await send("PUT", "/api/cv", {
      ...CV,
      sections: [...CV.sections, "projects", "testimonials"],
      projects: [project.id],
      testimonials: [testimonial!.id],
    });
    for (const [address, language] of [
      ["/cv.json", "en"],
      ["/ar/cv.json", "ar"],
    ] as const) {
      const response = await app.request(address);
      expect(response.status).toBe(200);
      const resume = (await response.json()) as Record<string, unknown>;
      const verdict = await new Promise<{ errors: unknown; valid: boolean }>((resolve) =>
        validate(resume, (errors, valid) => resolve({ errors, valid })),
      );
      expect(verdict).toEqual({ errors: null, valid: true });
      expect(resume).toMatchObject({
        basics: { name: language === "en" ? "Mohamed Hassan" : "محمد حسن" },
        work: [
          {
            name: language === "en" ? "Nile Labs" : "مختبرات النيل",
            startDate: "2021-03",
            highlights: [
              language === "en" ? "I build with React and Next.js since 2019." : ARABIC_SENTENCE,
              // Written in English only: the Arabic CV shows it in English.
              "Cut the load time of the shop by half.",
            ],
          },
        ],
        projects: [{ name: language === "en" ? "Shop rebuild" : "إعادة بناء المتجر" }],
        references: [{ name: "Sara, CEO, Nile Books", reference: "Great work." }],
      });
    }
  });

  it("makes the Arabic PDF with every sentence in logical order, its fonts embedded, and links that work", async () => {
    const { app, send } = await owner();
    await send("PUT", "/api/cv", CV);
    const pdf = await pdfOf(app, "/ar/cv.pdf");
    // pdftotext places the spaces around a left-to-right run inside Arabic on the run's other side, so sentences
    // are compared without spaces: the letters and words in the order written. It also writes the letters of a
    // ligature glyph (Cairo's سن, بر, لا) backwards; texts without one are checked here (see docs/product.md §32).
    const text = pdfText(pdf).replace(/\s/g, "");
    for (const sentence of [
      "محمد",
      ARABIC_SENTENCE,
      "Cut the load time of the shop by half.",
      "جامعة القاهرة",
      "علوم الحاسب",
      "العربية",
      "AWS Certified Developer",
      "Amazon Web Services",
      "hello@example.com",
    ])
      expect(text).toContain(sentence.replace(/\s/g, ""));
    const fonts = poppler("pdffonts", pdf).trim().split("\n").slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    // name, type, encoding, then "emb sub uni": every font embedded.
    for (const line of fonts) expect(line).toMatch(/^\S*Cairo\S*\s.*\syes\s+yes\s+yes\s/);
    const links = poppler("pdftohtml", pdf, "-xml", "-i", "-stdout");
    expect(links).toContain('href="https://nile.example.com/"');
    expect(links).toContain('href="mailto:hello@example.com"');
    expect(poppler("pdfinfo", pdf)).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
  });

  it("makes the English PDF and US Letter on request, and refuses another paper", async () => {
    const { app, send } = await owner();
    await send("PUT", "/api/cv", CV);
    const pdf = await pdfOf(app, "/cv.pdf?paper=letter");
    expect(pdfText(pdf)).toContain("I build with React and Next.js since 2019.");
    expect(pdfText(pdf)).toContain("Senior frontend developer");
    expect(poppler("pdfinfo", pdf)).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const refused = await app.request("/cv.pdf?paper=a3", { headers: { Cookie: "language=ar" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "مقاس الورق a4 أو letter." });
  });

  it("makes each PDF once per change of what it shows, however many ask at once", async () => {
    const { app, send } = await owner();
    const cv = app.services.cv;
    const before = cv.pdfRenders;
    const first = await Promise.all(Array.from({ length: 20 }, async () => app.request("/ar/cv.pdf")));
    expect(first.every((response) => response.status === 200)).toBe(true);
    expect(cv.pdfRenders - before).toBe(1);
    const etag = first[0]!.headers.get("ETag")!;
    expect((await app.request("/ar/cv.pdf", { headers: { "If-None-Match": etag } })).status).toBe(304);
    await send("PUT", "/api/cv", CV);
    const changed = await app.request("/ar/cv.pdf");
    expect(changed.headers.get("ETag")).not.toBe(etag);
    await app.request("/ar/cv.pdf");
    expect(cv.pdfRenders - before).toBe(2);
  });

  it("gives a sane, longer PDF and page data for 50 long entries with emoji and bidi controls, and no portrait", async () => {
    const { app, send } = await owner();
    const long = "Built and ran the platform 🚀 for \u202eevil\u202c clients ".repeat(7).trim().slice(0, 390);
    const entry = {
      ...CV.experience[0]!,
      role: { en: "x".repeat(200), ar: "م".repeat(200) },
      highlights: Array(10).fill({ en: long, ar: `${ARABIC_SENTENCE} 🚀 \u2067${long}` }),
    };
    expect((await send("PUT", "/api/cv", { ...CV, experience: Array(50).fill(entry) })).status).toBe(200);
    // A portrait whose file is gone (a restore without images, a bucket emptied by hand).
    await database()
      .db.insert(siteSettings)
      .values({
        id: 1,
        overrides: {
          portrait: {
            url: "/storage/portfolio_images/site/1700000000000_gone.png",
            alt: { en: "Me", ar: "أنا" },
          },
        },
      });
    for (const address of ["/cv.pdf", "/ar/cv.pdf"]) {
      const started = performance.now();
      const pdf = await pdfOf(app, address);
      const pages = Number(/Pages:\s+(\d+)/.exec(poppler("pdfinfo", pdf))![1]);
      expect(pages).toBeGreaterThan(10);
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(pdfText(pdf)).toContain("Built and ran the platform");
    }
    const json = await app.request("/ar/cv.json");
    expect(json.status).toBe(200);
    expect(((await json.json()) as { work: unknown[] }).work).toHaveLength(50);
  });
});
