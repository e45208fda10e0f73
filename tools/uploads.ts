// Real uploads for `npm run bench` and `npm run lighthouse`, the conditions their figures are measured under: a
// 2400×1600 cover on the first article and photos on the projects, sent through the admin's API as the owner
// would, so pages show stored files with their variants. The photos are drawn (no network here): a lit scene with
// soft shapes and film grain, which compresses like a photograph rather than like a flat drawing.
import sharp from "sharp";

export const BENCH_PASSWORD = "a bench pass phrase, long enough";

/** A photograph-like JPEG: gradients, blurred shapes and grain. */
export async function drawPhoto(width: number, height: number, hue: number): Promise<Buffer> {
  const shapes = Array.from({ length: 14 }, (_, i) => {
    const x = ((i * 7919) % 97) / 97;
    const y = ((i * 104729) % 89) / 89;
    const r = 0.06 + (((i * 31) % 17) / 17) * 0.18;
    const h = (hue + i * 23) % 360;
    return `<circle cx="${x * width}" cy="${y * height}" r="${r * width}" fill="hsl(${h},55%,${40 + (i % 4) * 10}%)" opacity="0.55"/>`;
  }).join("");
  // Sharp-edged detail (windows, leaves, text on a sign), which an encoder cannot smooth away as it does grain.
  const detail = Array.from({ length: 600 }, (_, i) => {
    const x = ((i * 7349) % 1009) / 1009;
    const y = 0.35 + (((i * 2377) % 991) / 991) * 0.6;
    const w = 4 + ((i * 13) % 29);
    const h = 3 + ((i * 17) % 23);
    const l = 15 + ((i * 37) % 70);
    return `<rect x="${x * width}" y="${y * height}" width="${(w * width) / 1200}" height="${(h * width) / 1200}" fill="hsl(${(hue + i * 11) % 360},40%,${l}%)"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="hsl(${hue},60%,78%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},45%,28%)"/>
      </linearGradient>
      <filter id="soft"><feGaussianBlur stdDeviation="${width / 90}"/></filter>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <g filter="url(#soft)">${shapes}</g>
    <rect y="${height * 0.72}" width="100%" height="${height * 0.28}" fill="hsl(${(hue + 180) % 360},25%,22%)" opacity="0.8"/>
    ${detail}
  </svg>`;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: "soft-light" }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

interface Owner {
  request(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  upload(bytes: Buffer, name: string, folder: string): Promise<string>;
  /** Waits until the variants of an upload are made (docs/product.md §13); a server without the queue made them already. */
  variantsMade(url: string): Promise<void>;
}

export async function signIn(origin: string, password: string): Promise<Owner> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const headers = { Cookie: cookie, Origin: origin, "Sec-Fetch-Site": "same-origin" };
  return {
    async request(method, path, body) {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: { ...headers, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 300)
        throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
    },
    async upload(bytes, name, folder) {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
      form.set("folder", folder);
      const response = await fetch(`${origin}/api/uploads`, { method: "POST", headers, body: form });
      if (response.status !== 201)
        throw new Error(`upload failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { url: string }).url;
    },
    async variantsMade(url) {
      const path = url.replace(/^\/storage\/portfolio_images\//, "/api/uploads/");
      for (;;) {
        const response = await fetch(`${origin}${path}/variants`, { headers });
        if (response.status !== 200 || ((await response.json()) as { state: string }).state !== "pending")
          return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}

/**
 * How long the owner waits for a 1 MB photo's upload, in ms: five uploads of a 3072×2048 JPEG, each timed to its
 * answer, each on a quiet server (the variants of the one before made first), each removed afterwards.
 */
export async function timeUploads(
  origin: string,
  password = BENCH_PASSWORD,
): Promise<{ bytes: number; ms: number[] }> {
  const owner = await signIn(origin, password);
  const photo = await drawPhoto(3072, 2048, 160);
  const ms: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const url = await owner.upload(photo, `timed-${run}.jpg`, "projects");
    ms.push(Math.round(performance.now() - started));
    await owner.variantsMade(url);
    await owner.request("DELETE", url.replace(/^\/storage\/portfolio_images\//, "/api/uploads/"));
  }
  return { bytes: photo.length, ms };
}

/** A project's card fields as the API returned them, to send back with an edit that keeps them. */
const cardFields = (project: Record<string, unknown>) =>
  Object.fromEntries(
    [
      "title",
      "title_ar",
      "description",
      "description_ar",
      "category",
      "category_ar",
      "github_link",
      "live_link",
      "tags",
    ].map((key) => [key, project[key]]),
  );

/** Gives the first article a 2400×1600 cover and the first three projects photos, through the owner's API. */
export async function seedUploads(origin: string, password = BENCH_PASSWORD): Promise<void> {
  const owner = await signIn(origin, password);
  const { items: projects } = (await owner.request("GET", "/api/projects?perPage=3")) as unknown as {
    items: Record<string, unknown>[];
  };
  const photos: string[] = [];
  for (const [index, project] of projects.entries()) {
    const url = await owner.upload(
      await drawPhoto(2400, 1500, 200 + index * 50),
      `project-${index + 1}.jpg`,
      "projects",
    );
    photos.push(url);
    const fields = cardFields(project);
    // Featured: the home page shows these three, with their photos.
    await owner.request("PUT", `/api/projects/${String(project.id)}`, {
      ...fields,
      featured: true,
      image_url: url,
      image_alt_en: `Screenshot of ${String(project.title)}`,
      image_alt_ar: `لقطة من ${String(project.title)}`,
    });
  }
  // The admin list is paged (docs/product.md §21): the sample site's articles fit on one page of 100.
  const articles = (
    (await owner.request("GET", "/api/admin/articles?perPage=100")) as unknown as {
      items: Record<string, unknown>[];
    }
  ).items;
  const newest = articles.reduce((a, b) => (String(a.date) > String(b.date) ? a : b));
  const cover = await owner.upload(await drawPhoto(2400, 1600, 20), "cover.jpg", "articles");
  const input = Object.fromEntries(
    ["title_en", "title_ar", "content_en", "content_ar", "summary_en", "summary_ar", "tags"].map((key) => [
      key,
      newest[key],
    ]),
  );
  await owner.request("PUT", `/api/articles/${String(newest.id)}`, {
    ...input,
    status: "published",
    image_url: cover,
    image_alt_en: "A lit valley at dusk",
    image_alt_ar: "وادٍ مضاء عند الغسق",
  });
  // The pages are measured as a visitor sees them once the variants are made.
  for (const url of [...photos, cover]) await owner.variantsMade(url);
}

/** A case study's two addresses: /projects/{slug} and /ar/projects/{slug} (docs/product.md §28). */
export interface CaseStudyPaths {
  en: string;
  ar: string;
}

const CASE_STUDY_EN =
  "<p>The shop's pages took six seconds to show anything on a phone, and half of its visitors left before they " +
  "did. The catalogue had grown for years without anyone measuring it.</p>";
const CASE_STUDY_AR =
  "<p>كانت صفحات المتجر تحتاج ست ثوانٍ لتظهر على الهاتف، فيغادر نصف الزوار قبل ذلك. نما الكتالوج سنوات " +
  "دون أن يقيسه أحد.</p>";

/**
 * Writes the case study of the last project (docs/product.md §28) as the owner would: the problem, approach and
 * outcome in both languages, key results, a photo, a gallery of five uploaded 2400×1500 photos, and an approved
 * testimonial with an uploaded photo. Answers the page's address in each language.
 */
export async function seedCaseStudy(origin: string, password = BENCH_PASSWORD): Promise<CaseStudyPaths> {
  const owner = await signIn(origin, password);
  // The last project: a page of one past the last page answers the last.
  const { items } = (await owner.request("GET", "/api/projects?perPage=1&page=1000000")) as unknown as {
    items: Record<string, unknown>[];
  };
  const project = items[0]!;
  const upload = (hue: number, name: string) =>
    drawPhoto(2400, 1500, hue).then((bytes) => owner.upload(bytes, name, "projects"));
  const gallery = [];
  for (let index = 0; index < 5; index++)
    gallery.push({
      url: await upload(index * 70, `gallery-${index + 1}.jpg`),
      alt_en: `Screen ${index + 1} of the shop on a phone`,
      alt_ar: `الشاشة ${index + 1} من المتجر على الهاتف`,
    });
  const slugs = { slug_en: "a-faster-shop", slug_ar: "متجر-أسرع" };
  const cover = await upload(120, "case-study.jpg");
  await owner.request("PUT", `/api/projects/${String(project.id)}`, {
    ...cardFields(project),
    ...slugs,
    published: true,
    image_url: cover,
    image_alt_en: "The shop's home page on a phone",
    image_alt_ar: "الصفحة الرئيسية للمتجر على الهاتف",
    client_en: "A bookshop in Amman",
    client_ar: "مكتبة في عمّان",
    role_en: "Design and front-end development",
    role_ar: "التصميم وتطوير الواجهة",
    period_en: "March to June 2026",
    period_ar: "من آذار إلى حزيران 2026",
    problem_en: CASE_STUDY_EN,
    problem_ar: CASE_STUDY_AR,
    approach_en: CASE_STUDY_EN.repeat(2),
    approach_ar: CASE_STUDY_AR.repeat(2),
    outcome_en: CASE_STUDY_EN,
    outcome_ar: CASE_STUDY_AR,
    results_en: ["-40 % load time", "+25 % orders from phones", "100 accessibility score"],
    results_ar: ["زمن تحميل أقل بنسبة 40 %", "طلبات أكثر عبر الهاتف بنسبة 25 %", "100 في إمكانية الوصول"],
    gallery,
  });
  const photo = await owner.upload(await drawPhoto(400, 400, 300), "client.jpg", "site");
  await owner.request("POST", "/api/testimonials", {
    quote_en: "Our pages open at once now, and our customers noticed before we told them.",
    quote_ar: "صارت صفحاتنا تفتح فوراً، ولاحظ زبائننا ذلك قبل أن نخبرهم.",
    name: "Lina Haddad",
    role: "Owner",
    company: "A bookshop in Amman",
    photo_url: photo,
    project_id: project.id,
    approved: true,
    show_on_home: false,
  });
  for (const url of [...gallery.map((item) => item.url), cover, photo]) await owner.variantsMade(url);
  return {
    en: `/projects/${slugs.slug_en}`,
    ar: `/ar/projects/${encodeURIComponent(slugs.slug_ar)}`,
  };
}
