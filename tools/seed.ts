// The sample site `npm run bench` and `npm run lighthouse` measure, written through the admin's API as the owner
// would: six projects and twelve articles in both languages, photos on the featured projects, a 2400×1600 cover on an
// article, and a case study with a five-photo gallery and a testimonial, each upload with its variants. The photos
// are drawn (no network here) so that they compress like photographs. The search is measured on a larger site,
// written straight into a stopped data folder, and a restore on the largest archive the limits allow.
import { randomUUID } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import { createDb } from "#db/client.ts";
import { articles, projects } from "#db/schema.ts";
import { rebuildSearchIndex } from "#server/kernel/search-index.ts";
import { rezip, unzip, withTable } from "#tests/helpers/backup-archive.ts";
import { ARTICLE, BENCH_PASSWORD, ROOT } from "./site.ts";

/** A photograph-like JPEG: a gradient, soft shapes and grain. */
async function drawPhoto(width: number, height: number, hue: number): Promise<Buffer> {
  const shapes = Array.from({ length: 14 }, (_, i) => {
    const [x, y, r] = [((i * 7919) % 97) / 97, ((i * 104729) % 89) / 89, 0.06 + ((i * 31) % 17) / 100];
    return `<circle cx="${x * width}" cy="${y * height}" r="${r * width}" fill="hsl(${(hue + i * 23) % 360},55%,${40 + (i % 4) * 10}%)"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="0" y2="1"><stop stop-color="hsl(${hue},60%,78%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},45%,28%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  const noise = { type: "gaussian" as const, mean: 128, sigma: 18 };
  const grain = await sharp({ create: { width, height, channels: 3, background: "#808080", noise } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: "soft-light" }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

type Row = Record<string, unknown>;

/** The owner signed in: JSON requests, uploads, and a wait for an upload's variants (docs/product.md §13). */
async function signIn(origin: string) {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password: BENCH_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const headers = {
    Cookie: login.headers.get("set-cookie")!.split(";")[0]!,
    Origin: origin,
    "Sec-Fetch-Site": "same-origin",
  };
  const request = async (method: string, path: string, body?: unknown): Promise<Row> => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { ...headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? {} : ((await response.json()) as Row);
  };
  const upload = async (bytes: Buffer, name: string, folder = "projects") => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
    form.set("folder", folder);
    const response = await fetch(`${origin}/api/uploads`, { method: "POST", headers, body: form });
    if (response.status !== 201)
      throw new Error(`upload failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { url: string }).url;
  };
  const apiPath = (url: string) => url.replace(/^\/storage\/portfolio_images\//, "/api/uploads/");
  const variantsMade = async (url: string) => {
    for (;;) {
      const response = await fetch(`${origin}${apiPath(url)}/variants`, { headers });
      if (response.status !== 200 || ((await response.json()) as { state: string }).state !== "pending")
        return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return { headers, request, upload, variantsMade, apiPath };
}

/** How long the owner waits for a 1 MB photo's upload: five uploads of a 3072×2048 JPEG, each on a quiet server. */
export async function timeUploads(origin: string): Promise<number[]> {
  const owner = await signIn(origin);
  const photo = await drawPhoto(3072, 2048, 160);
  const ms: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const url = await owner.upload(photo, `timed-${run}.jpg`);
    ms.push(Math.round(performance.now() - started));
    await owner.variantsMade(url);
    await owner.request("DELETE", owner.apiPath(url));
  }
  return ms;
}

/** A project's card fields as the API returned them, to send back with an edit that keeps them. */
const cardFields = (project: Row) =>
  Object.fromEntries(
    ["title", "title_ar", "description", "description_ar", "category", "category_ar", "tags"].map((key) => [
      key,
      project[key],
    ]),
  );

const TEXT_EN =
  "<p>The shop's pages took six seconds to show anything on a phone, and half of its visitors left before they " +
  "did. The catalogue had grown for years without anyone measuring it.</p>";
const TEXT_AR =
  "<p>كانت صفحات المتجر تحتاج ست ثوانٍ لتظهر على الهاتف، فيغادر نصف الزوار قبل ذلك. نما الكتالوج سنوات " +
  "دون أن يقيسه أحد.</p>";

const PARAGRAPH_EN =
  "<p>Building for the web means building for every screen, every connection and every reader. This paragraph " +
  "stands in for a real article so the page has the length and rhythm of one: a few sentences that wrap.</p>";
const PARAGRAPH_AR =
  "<p>البناء للويب يعني البناء لكل شاشة ولكل اتصال ولكل قارئ. تحل هذه الفقرة محل مقالة حقيقية حتى يكون " +
  "للصفحة طولها وإيقاعها: بضع جمل تمتد على عدة أسطر.</p>";

/** A field in both languages: `{name}_en` and `{name}_ar`. */
const both = (name: string, en: unknown, ar: unknown) => ({ [`${name}_en`]: en, [`${name}_ar`]: ar });

/** Writes the sample site; answers the case study's address in each language. */
export async function seedSite(origin: string): Promise<{ en: string; ar: string }> {
  const owner = await signIn(origin);
  for (let i = 0; i < 6; i++)
    await owner.request("POST", "/api/projects", {
      title: `Sample project ${i + 1}`,
      title_ar: `مشروع تجريبي ${i + 1}`,
      description: "A project used to measure the site: a description that runs over two lines on a phone.",
      description_ar: "مشروع لقياس الموقع: وصف يمتد على سطرين في الهاتف، كما يفعل وصف حقيقي.",
      category: ["Web", "Mobile", "Design"][i % 3],
      tags: ["React", "TypeScript"],
    });
  for (let i = 0; i < 12; i++)
    await owner.request("POST", "/api/articles", {
      title_en: i === 0 ? "Designing for two directions" : `Sample article ${i + 1}`,
      title_ar: `مقالة تجريبية رقم ${i + 1}`,
      content_en: PARAGRAPH_EN.repeat(6),
      content_ar: PARAGRAPH_AR.repeat(6),
      summary_en: `What article ${i + 1} is about, in one sentence.`,
      summary_ar: `ما تتناوله المقالة ${i + 1} في جملة واحدة.`,
      tags: [{ en: "Web", ar: "الويب" }],
      status: "published",
    });
  const { items: projects } = (await owner.request("GET", "/api/projects?perPage=6")) as { items: Row[] };
  const made: string[] = [];
  const photo = async (hue: number, name: string, width = 2400, height = 1500, folder?: string) => {
    made.push(await owner.upload(await drawPhoto(width, height, hue), name, folder));
    return made.at(-1)!;
  };
  for (const [index, project] of projects.slice(0, 3).entries())
    await owner.request("PUT", `/api/projects/${String(project.id)}`, {
      ...cardFields(project),
      featured: true,
      image_url: await photo(200 + index * 50, `project-${index + 1}.jpg`),
      image_alt_en: `Screenshot of ${String(project.title)}`,
      image_alt_ar: `لقطة من ${String(project.title)}`,
    });
  const { items: articles } = (await owner.request("GET", "/api/admin/articles?perPage=100")) as {
    items: Row[];
  };
  const newest = articles.find((article) => article.slug === ARTICLE)!;
  await owner.request("PUT", `/api/articles/${String(newest.id)}`, {
    ...Object.fromEntries(
      ["title_en", "title_ar", "content_en", "content_ar", "tags"].map((key) => [key, newest[key]]),
    ),
    status: "published",
    image_url: await photo(20, "cover.jpg", 2400, 1600, "articles"),
    image_alt_en: "A lit valley at dusk",
    image_alt_ar: "وادٍ مضاء عند الغسق",
  });
  const project = projects.at(-1)!;
  const gallery = [];
  for (let index = 0; index < 5; index++)
    gallery.push({
      url: await photo(index * 70, `gallery-${index + 1}.jpg`),
      alt_en: `Screen ${index + 1} of the shop on a phone`,
      alt_ar: `الشاشة ${index + 1} من المتجر على الهاتف`,
    });
  const slugs = { slug_en: "a-faster-shop", slug_ar: "متجر-أسرع" };
  await owner.request("PUT", `/api/projects/${String(project.id)}`, {
    ...cardFields(project),
    ...slugs,
    published: true,
    image_url: await photo(120, "case-study.jpg"),
    image_alt_en: "The shop's home page on a phone",
    image_alt_ar: "الصفحة الرئيسية للمتجر على الهاتف",
    ...both("client", "A bookshop in Amman", "مكتبة في عمّان"),
    ...both("role", "Design and front-end development", "التصميم وتطوير الواجهة"),
    ...both("period", "March to June 2026", "من آذار إلى حزيران 2026"),
    ...both("problem", TEXT_EN, TEXT_AR),
    ...both("approach", TEXT_EN.repeat(2), TEXT_AR.repeat(2)),
    ...both("outcome", TEXT_EN, TEXT_AR),
    results_en: ["-40 % load time", "+25 % orders from phones", "100 accessibility score"],
    results_ar: ["زمن تحميل أقل بنسبة 40 %", "طلبات أكثر عبر الهاتف بنسبة 25 %", "100 في إمكانية الوصول"],
    gallery,
  });
  await owner.request("POST", "/api/testimonials", {
    quote_en: "Our pages open at once now, and our customers noticed before we told them.",
    quote_ar: "صارت صفحاتنا تفتح فوراً، ولاحظ زبائننا ذلك قبل أن نخبرهم.",
    name: "Lina Haddad",
    role: "Owner",
    company: "A bookshop in Amman",
    photo_url: await photo(300, "client.jpg", 400, 400, "site"),
    project_id: project.id,
    approved: true,
    show_on_home: false,
  });
  for (const url of made) await owner.variantsMade(url);
  return { en: `/projects/${slugs.slug_en}`, ar: `/ar/projects/${encodeURIComponent(slugs.slug_ar)}` };
}

const WORDS = {
  en: ["website", "performance", "design", "booking", "clinic", "fonts", "cache", "React", "Next.js"],
  ar: ["الكتابة", "المواقع", "التصميم", "الأداء", "مشروع", "العيادة", "الخطوط", "البرمجة", "تطبيقات"],
};
const pick = (language: "en" | "ar", index: number, count: number) =>
  Array.from({ length: count }, (_, k) => WORDS[language][(index * 7 + k * 3) % 9]).join(" ");

/** 2,000 articles (a third without Arabic) and 500 projects with case studies, indexed for search, in `dataDir`. */
export async function seedSearchSite(dataDir: string): Promise<void> {
  const handle = await createDb({
    pgliteDataDir: path.join(dataDir, "pglite"),
    migrationsFolder: path.join(ROOT, "db", "migrations"),
  });
  const article = (i: number) => {
    const [en, ar] = [
      `${pick("en", i, 4)} and a paragraph about building sites for clients. `.repeat(20),
      i % 3 ? `${pick("ar", i, 4)} وفقرة عن بناء المواقع للعملاء. `.repeat(20) : "",
    ];
    const title = `Article ${i} on ${pick("en", i, 2)}`;
    return {
      slug: `article-${i}`,
      slug_ar: `مقالة-${i}`,
      title,
      title_en: title,
      title_ar: `مقالة ${i} عن ${pick("ar", i, 2)}`,
      content_en: `<p>${en}</p>`,
      content_ar: ar && `<p>${ar}</p>`,
      excerpt_en: en.slice(0, 150),
      excerpt_ar: ar.slice(0, 150),
      reading_minutes_en: 2,
      reading_minutes_ar: ar ? 2 : 0,
      tags: [{ slug: "web", en: "Web", ar: "ويب" }],
      date: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
    };
  };
  const project = (i: number) => ({
    title: `Project ${i}: ${pick("en", i, 2)}`,
    title_ar: `مشروع ${i}: ${pick("ar", i, 2)}`,
    description: `A ${pick("en", i, 3)} project.`,
    description_ar: `مشروع ${pick("ar", i, 3)}.`,
    slug_en: `project-${i}`,
    slug_ar: `مشروع-${i}`,
    tags: ["React", "Node.js"],
    problem_en: `<p>${pick("en", i, 6)}</p>`.repeat(5),
    problem_ar: `<p>${pick("ar", i, 6)}</p>`.repeat(5),
    position: i,
  });
  try {
    for (let start = 0; start < 2000; start += 200)
      await handle.db.insert(articles).values(Array.from({ length: 200 }, (_, i) => article(start + i)));
    for (let start = 0; start < 500; start += 100)
      await handle.db.insert(projects).values(Array.from({ length: 100 }, (_, i) => project(start + i)));
    await rebuildSearchIndex(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * The site's own backup (the owner's download) with `bytes` of valid message rows added, which compress to a small
 * zip: the restore's worst case.
 */
export async function messagesArchive(origin: string, bytes: number): Promise<Buffer> {
  const { headers } = await signIn(origin);
  const backup = Buffer.from(await (await fetch(`${origin}/api/backup`, { headers })).arrayBuffer());
  const row = { name: "Sam", email: "sam@example.com", subject: "A new site", form_origin: "" };
  const message = "Hello, I would like a new site. ".repeat(300);
  const count = Math.floor(bytes / (message.length + 200));
  const at = new Date().toISOString();
  const rows = Array.from({ length: count }, () => ({ ...row, id: randomUUID(), message, created_at: at }));
  return rezip(withTable(await unzip(backup), "messages", rows));
}

/** The owner restores `archive` over the site through the admin's API; answers the tables' row counts. */
export async function restoreThroughApi(origin: string, archive: Buffer): Promise<Record<string, number>> {
  const { headers } = await signIn(origin);
  const form = new FormData();
  form.set("file", new File([new Uint8Array(archive)], "site.zip", { type: "application/zip" }));
  form.set("password", BENCH_PASSWORD);
  form.set("replace", "1");
  const response = await fetch(`${origin}/api/backup/restore`, { method: "POST", headers, body: form });
  if (response.status !== 200) throw new Error(`restore failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { restored: Record<string, number> }).restored;
}
