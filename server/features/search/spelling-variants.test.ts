import { afterAll, describe, expect, it } from "vitest";
import { articles } from "#db/schema.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { createRateLimits } from "#server/kernel/rate-limits.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { createSearch } from "./service.ts";

// The spellings people type (docs/product.md §30.3): each pair is a query and a word the owner wrote differently,
// in each direction where both are written. A corpus holds one article per written word; a query must find its
// pair's article, and nothing outside the word's group (the same word, however spelt). Groups whose words must
// never meet ("وصف" and "صف") prove the normaliser does not merge what differs.

type Pair = readonly [query: string, written: string, group: string];

const PAIRS: Pair[] = [
  // Alef with hamza, madda or wasla is a bare alef.
  ["احمد", "أحمد", "احمد"],
  ["أحمد", "احمد", "احمد"],
  ["اسلام", "إسلام", "اسلام"],
  ["إسلام", "اسلام", "اسلام"],
  ["القران", "القرآن", "قران"],
  ["القرآن", "القران", "قران"],
  ["ٱلعربية", "العربية", "عربية"],
  // Alef maqsura and yaa.
  ["مستشفي", "مستشفى", "مستشفى"],
  ["مستشفى", "مستشفي", "مستشفى"],
  ["مبني", "مبنى", "مبنى"],
  ["مبنى", "مبني", "مبنى"],
  // Tashkeel and tatweel.
  ["مدرسة", "مَدْرَسَة", "مدرسة"],
  ["مَدْرَسَة", "مدرسة", "مدرسة"],
  ["البَرْمَجَة", "البرمجة", "برمجة"],
  ["جميـــل", "جميل", "جميل"],
  ["جميل", "جميـــل", "جميل"],
  ["تصمـيم", "تصميم", "تصميم"],
  // Arabic-Indic and Persian digits.
  ["٢٠٢٤", "2024", "2024"],
  ["2024", "٢٠٢٤", "2024"],
  ["۲۰۲۵", "2025", "2025"],
  ["2025", "۲۰۲۵", "2025"],
  // Attached prefixes: و ف ب ك ل, the article, and their combinations.
  ["والكتابة", "كتابة", "كتابة"],
  ["كتابة", "والكتابة", "كتابة"],
  ["بالمشروع", "مشروع", "مشروع"],
  ["مشروع", "بالمشروع", "مشروع"],
  ["للمواقع", "المواقع", "مواقع"],
  ["المواقع", "للمواقع", "مواقع"],
  ["فالتصميم", "تصميم", "تصميم"],
  ["كالمطور", "مطور", "مطور"],
  ["مطور", "كالمطور", "مطور"],
  ["لمدونة", "مدونة", "مدونة"],
  ["مدونة", "ومدونة", "مدونة"],
  ["وبالتطوير", "تطوير", "تطوير"],
  ["تطوير", "وبالتطوير", "تطوير"],
  ["فالبرمجة", "برمجة", "برمجة"],
  ["برمجة", "والبرمجة", "برمجة"],
  ["بالعربية", "العربية", "عربية"],
  // Taa marbuta and haa, left to the stemmer; the sound feminine plural.
  ["مكتبه", "مكتبة", "مكتبة"],
  ["مكتبة", "مكتبه", "مكتبة"],
  ["مقالات", "مقالة", "مقالة"],
  ["مقالة", "مقالات", "مقالة"],
  // English: stemming, case, accents.
  ["websites", "website", "website"],
  ["website", "Websites", "website"],
  ["Café", "cafe", "cafe"],
  ["cafe", "CAFÉ", "cafe"],
  ["designing", "design", "design"],
  ["DESIGN", "designs", "design"],
  // Technical names stay whole.
  ["Next.js", "next.js", "next.js"],
  ["node.js", "Node.js", "node.js"],
  ["C#", "c#", "c#"],
  ["c++", "C++", "c++"],
  ["I18N", "i18n", "i18n"],
];

/** Words that look alike but differ: each in a group of its own, so finding one for the other is a wrong result. */
const APART: Pair[] = [
  ["وصف", "وصف", "وصف"],
  ["صف", "صف", "صف"],
  ["كريم", "كريم", "كريم"],
  ["ريم", "ريم", "ريم"],
  ["كمال", "كمال", "كمال"],
  ["مال", "مال", "مال"],
  ["الله", "الله", "الله"],
  ["C", "C", "c"],
  ["Java", "Java", "java"],
  ["JavaScript", "JavaScript", "javascript"],
  ["Next", "Next", "next"],
  ["فكرة", "فكرة", "فكرة"],
  ["كرة", "كرة", "كرة"],
];

const ARABIC = /[\u0600-\u06FF]/;

describe.each(backends)("spelling variants on $name", (backend) => {
  const database = useTestDatabase(backend);
  const scores: string[] = [];
  afterAll(() => {
    // The figures docs/product.md §30.3 asks for, printed with the test's output.
    if (scores.length) console.info(scores.join("\n"));
  });

  it("finds at least 95% of the pairs, with no wrong result", async () => {
    const corpus = [...PAIRS, ...APART];
    const groupOf = new Map<string, string>();
    await database()
      .db.insert(articles)
      .values(
        corpus.map(([, written, group], index) => {
          const slug = `doc-${index}`;
          groupOf.set(slug, group);
          const arabic = ARABIC.test(written);
          return {
            slug,
            slug_ar: slug,
            title: slug,
            title_en: arabic ? "" : slug,
            title_ar: arabic ? slug : "",
            content_en: arabic ? "" : `<p>${written}</p>`,
            content_ar: arabic ? `<p>${written}</p>` : "",
            reading_minutes_en: arabic ? 0 : 1,
            reading_minutes_ar: arabic ? 1 : 0,
            date: new Date("2026-01-01T00:00:00Z"),
          };
        }),
      );
    const search = createSearch({
      db: database().db,
      now: () => new Date("2026-06-01T00:00:00Z"),
      logger: createMemoryLogger(),
      rateLimits: createRateLimits(database().db),
    });
    expect(await search.ensureIndex()).toBe(true);

    let found = 0;
    const misses: string[] = [];
    const wrong: string[] = [];
    for (const [index, [query, written, group]] of corpus.entries()) {
      const results = await search.find({ query, language: "ar", page: 1 });
      const slugs = results.items.map((item) => item.slug);
      if (slugs.includes(`doc-${index}`)) found++;
      else misses.push(`${query} → ${written}`);
      for (const slug of slugs)
        if (groupOf.get(slug) !== group) wrong.push(`${query} → ${slug} (${groupOf.get(slug)})`);
    }
    const share = found / corpus.length;
    scores.push(
      `${backend.name}: ${PAIRS.length} pairs and ${APART.length} words apart; found ${found}/${corpus.length} ` +
        `(${(share * 100).toFixed(1)}%), wrong results ${wrong.length}` +
        (misses.length ? `; missed: ${misses.join(", ")}` : ""),
    );
    expect(PAIRS.length).toBeGreaterThanOrEqual(40);
    expect(wrong).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });
});
