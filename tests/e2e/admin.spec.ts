import type { Page } from "@playwright/test";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { apiErrorText } from "#core/api-errors.ts";
import { messages, sessions } from "#db/schema.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { OWNER_PASSWORD, expect, pastMinimumFillTime, setPreferences, test, text } from "./fixtures.ts";
import { ADMIN, adminNav, adminView, openView, png, signIn, toast } from "./admin-page.ts";

/** Opens the add form of projects or articles, in its dialog. */
async function openAddForm(page: Page, kind: "projects" | "articles") {
  const list = page.getByRole("region", { name: text("en", `admin.${kind}.listTitle`) });
  await list.getByRole("link", { name: text("en", `admin.${kind}.addTitle`) }).click();
  return page.getByRole("dialog", { name: text("en", `admin.${kind}.addTitle`) });
}

// The owner's admin page (docs/product.md §11, decision 009): sign-in, its views at their addresses,
// projects and articles with images and the rich-text editor, autosaved drafts, and a session that ends mid-edit.

test("the admin page is noindex, never cached, and asks for the password first", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 401/);
  const response = await page.goto(ADMIN);
  expect(response!.headers()["cache-control"]).toBe("no-store");
  expect(response!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page).toHaveTitle(text("en", "meta.admin"));

  await expect(page.getByRole("heading", { level: 1, name: text("en", "admin.signIn.title") })).toBeVisible();
  await page.getByLabel(text("en", "admin.signIn.password")).fill("not the password");
  await page.getByRole("button", { name: text("en", "admin.signIn.submit") }).click();
  await expect(page.getByRole("alert")).toHaveText("The password is not correct.");

  await page.getByLabel(text("en", "admin.signIn.password")).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: text("en", "admin.signIn.submit") }).click();
  // The admin's own address opens its first view.
  await expect(page).toHaveURL(`${ADMIN}/projects`);
  const views = adminNav(page).getByRole("link");
  await expect(adminNav(page).getByRole("link", { name: text("en", "admin.tabs.projects") })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(views).toHaveText([
    "Projects",
    "Articles",
    "Testimonials",
    "CV",
    "Messages",
    "Visits",
    "Settings",
    "Activity",
  ]);
  // Every view's address is the admin page too: never cached, never indexed.
  const view = await page.request.get(`${ADMIN}/settings/security`);
  expect(view.status()).toBe(200);
  expect(view.headers()["cache-control"]).toBe("no-store");
  expect(view.headers()["x-robots-tag"]).toBe("noindex, nofollow");

  // Still signed in after a reload; signed out for good after "Sign out".
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: text("en", "admin.title") })).toBeVisible();
  await page.getByRole("button", { name: text("en", "admin.signOut") }).click();
  await expect(page.getByRole("heading", { level: 1, name: text("en", "admin.signIn.title") })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(text("en", "admin.signIn.password"))).toBeVisible();
});

test("other paths are still the not-found page, views too, and robots.txt does not name the admin page", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 404/);
  for (const address of ["/admin", "/admin/projects", "/ar/settings/security", `${ADMIN}/nothing`]) {
    const response = await page.goto(address);
    expect(response!.status(), address).toBe(404);
    const language = address.startsWith("/ar/") ? "ar" : "en";
    await expect(page.getByRole("heading", { name: text(language, "notFound.title") })).toBeVisible();
  }
  const robots = await page.request.get("/robots.txt");
  expect(await robots.text()).not.toContain("admin");
});

test("none of the admin code, editor included, reaches a public page", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  for (const route of ["/", "/projects", "/articles", "/contact"]) {
    await page.goto(route);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts.length).toBeGreaterThan(3);
  const adminChunks = readdirSync(path.resolve("build/client/assets")).filter((name) =>
    /^(admin|rich-text-editor|content-list|editor-form|inbox-view|section-form)\b/.test(name),
  );
  expect(adminChunks.length).toBeGreaterThan(0);
  for (const chunk of adminChunks) expect(scripts.join("\n")).not.toContain(chunk);
  // Nor the schemas and messages of the owner's settings (zod and core/api-errors.ts): pages read core/site-view.ts.
  for (const url of new Set(scripts)) {
    const source = await (await page.request.get(url)).text();
    expect(source, url).not.toContain("ZodError");
    expect(source, url).not.toContain(apiErrorText("en", "requiredArabic"));
  }
});

test("the sign-in loads no editor, schema or form code; the editor's code comes when an article form opens", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const sources = async () =>
    (await Promise.all([...new Set(scripts)].map(async (url) => (await page.request.get(url)).text()))).join(
      "\n",
    );
  await page.goto(ADMIN);
  await expect(page.getByLabel(text("en", "admin.signIn.password"))).toBeVisible();
  await page.waitForLoadState("networkidle");
  const signInCode = await sources();
  // The editor (ProseMirror), zod's schemas and react-hook-form (its `shouldUnregister` option).
  for (const part of ["ProseMirror", "ZodError", "shouldUnregister"]) expect(signInCode).not.toContain(part);

  await page.getByLabel(text("en", "admin.signIn.password")).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: text("en", "admin.signIn.submit") }).click();
  await openView(page, "articles");
  await page.waitForLoadState("networkidle");
  expect(scripts.join("\n")).not.toMatch(/rich-text-editor/);
  const form = await openAddForm(page, "articles");
  await expect(form.getByRole("textbox", { name: text("en", "admin.articles.contentEn") })).toBeVisible();
  expect(scripts.join("\n")).toMatch(/rich-text-editor/);
  expect(await sources()).toContain("ProseMirror");
});

test("adds a project with an image, shows it on /projects, edits it in the dialog and deletes it", async ({
  page,
  server,
}) => {
  // A long journey: three uploads, each with its variants made after the answer.
  test.setTimeout(60_000);
  await signIn(page);
  const list = page.getByRole("region", { name: text("en", "admin.projects.listTitle") });
  await list.getByRole("link", { name: text("en", "admin.projects.addTitle") }).click();
  await expect(page).toHaveURL(`${ADMIN}/projects/new`);
  const form = page.getByRole("dialog", { name: text("en", "admin.projects.addTitle") });

  // A blank title is refused before anything is sent.
  await form.getByRole("button", { name: text("en", "admin.projects.add") }).click();
  const titleField = form.getByLabel(text("en", "admin.projects.title"), { exact: true });
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAttribute("aria-invalid", "true");
  await expect(titleField).toHaveAccessibleDescription("Project title is required.");
  // Why is said at the field, and no toast covers it: on a wide screen and on a phone.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await expect(form.getByText("Project title is required.")).toBeInViewport();
    await expect(toast(page)).toHaveCount(0);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await form.getByLabel(text("en", "admin.projects.title")).fill("Weather dashboard");
  await form.getByLabel(text("en", "admin.projects.description")).fill("Forecasts for every city.");
  await form.getByLabel(text("en", "admin.projects.category")).fill("Vue.js");
  await form.getByLabel(text("en", "admin.projects.tags")).fill(" Vue.js , Charts,, ");
  await form.getByLabel(text("en", "admin.projects.live")).fill("https://weather.example.com");
  await form.getByLabel(text("en", "admin.projects.image"), { exact: true }).setInputFiles({
    name: "weather shot.png",
    mimeType: "image/png",
    buffer: await png("#3b82f6"),
  });
  await expect(form.locator("img[src^='blob:']")).toBeVisible();
  // The image's description in both languages is asked for before anything is uploaded.
  await form.getByRole("button", { name: text("en", "admin.projects.add") }).click();
  await expect(form.getByLabel(text("en", "imageField.altEn"))).toHaveAccessibleDescription(
    new RegExp(apiErrorText("en", "imageAltRequiredEn").replace(".", "\\.")),
  );
  expect(existsSync(path.join(server.dataDir, "storage/portfolio_images/projects"))).toBe(false);
  await form.getByLabel(text("en", "imageField.altEn")).fill("A weather map of Europe");
  await form.getByLabel(text("en", "imageField.altAr")).fill("خريطة طقس لأوروبا");
  await form.getByRole("button", { name: text("en", "admin.projects.add") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.projects.added"));
  // The dialog closes on the list, whose first page shows the new project.
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(`${ADMIN}/projects`);
  await expect(list.getByRole("heading", { name: "Weather dashboard" })).toBeVisible();
  // The form opens empty again, the file cleared.
  await list.getByRole("link", { name: text("en", "admin.projects.addTitle") }).click();
  await expect(form.getByLabel(text("en", "admin.projects.title"))).toHaveValue("");
  await expect(form.locator("img[src^='blob:']")).toHaveCount(0);
  await form.getByRole("button", { name: text("en", "admin.common.close") }).click();
  await expect(form).toBeHidden();
  // The upload and its variants, made in the background (64 pixels wide: AVIF and WebP at that one width).
  const listed = () => readdirSync(path.join(server.dataDir, "storage/portfolio_images/projects")).sort();
  await expect.poll(listed).toHaveLength(3);
  const stored = listed();
  expect(stored).toEqual([
    expect.stringMatching(/^\d+_weather_shot-w64\.avif$/),
    expect.stringMatching(/^\d+_weather_shot-w64\.webp$/),
    expect.stringMatching(/^\d+_weather_shot\.png$/),
  ]);

  const publicPage = await page.context().newPage();
  await publicPage.goto("/projects");
  const card = publicPage.getByRole("main").getByRole("article").filter({ hasText: "Weather dashboard" });
  await expect(card).toContainText("Forecasts for every city.");
  await expect(card.getByText("Charts")).toBeVisible();
  const cardImage = card.getByRole("img", { name: "A weather map of Europe" });
  await expect(cardImage).toHaveAttribute("src", `/storage/portfolio_images/projects/${stored[2]}`);
  // The browser takes the AVIF variant.
  await expect
    .poll(() => cardImage.evaluate((image: HTMLImageElement) => image.currentSrc))
    .toMatch(/\/storage\/portfolio_images\/projects\/\d+_weather_shot-w64\.avif$/);

  // Edit in the dialog, at the project's own address: a new title and a new image; the old file goes.
  await list.getByRole("link", { name: "Edit Weather dashboard" }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/projects/[0-9a-f-]{36}$`));
  const dialog = page.getByRole("dialog", { name: text("en", "admin.projects.editTitle") });
  await expect(dialog.getByLabel(text("en", "admin.projects.title"))).toHaveValue("Weather dashboard");
  expect(await dialog.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(625);
  await dialog.getByLabel(text("en", "admin.projects.title")).fill("Weather dashboard 2");
  await dialog.getByLabel(text("en", "admin.projects.image"), { exact: true }).setInputFiles({
    name: "second.png",
    mimeType: "image/png",
    buffer: await png("#22c55e"),
  });
  await dialog.getByRole("button", { name: text("en", "admin.projects.save") }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole("heading", { name: "Weather dashboard 2" })).toBeVisible();
  // Focus is back on the link that opened the dialog.
  await expect(list.getByRole("link", { name: "Edit Weather dashboard 2" })).toBeFocused();
  // The old file and its variants go; the new one's stay.
  const replaced = readdirSync(path.join(server.dataDir, "storage/portfolio_images/projects"));
  expect(replaced.filter((name) => !/-w\d+\./.test(name))).toEqual([
    expect.stringMatching(/^\d+_second\.png$/),
  ]);
  expect(replaced.every((name) => name.includes("_second"))).toBe(true);
  await publicPage.reload();
  await expect(publicPage.getByRole("heading", { name: "Weather dashboard 2" })).toBeVisible();

  // Delete, after confirming; the confirmation names the image, since there is one.
  await list.getByRole("button", { name: "Delete Weather dashboard 2" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(
    text("en", "admin.projects.deleteText", { title: "Weather dashboard 2" }),
  );
  await confirm.getByRole("button", { name: text("en", "admin.common.cancel") }).click();

  // Remove the image without replacing it: the file goes, the card shows the drawn fallback.
  await list.getByRole("link", { name: "Edit Weather dashboard 2" }).click();
  await dialog.getByRole("button", { name: text("en", "imageField.removeCurrent") }).click();
  await expect(dialog.getByText(text("en", "imageField.willRemove"))).toBeVisible();
  await dialog.getByRole("button", { name: text("en", "admin.projects.save") }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => readdirSync(path.join(server.dataDir, "storage/portfolio_images/projects")))
    .toEqual([]);
  await publicPage.reload();
  // Without its image the card shows the placeholder, named for what it is.
  await expect(
    publicPage.getByRole("img", { name: "Placeholder drawing for Weather dashboard 2", exact: true }),
  ).toHaveAttribute("src", /project-fallback/);

  // Now without an image, the confirmation does not speak of one.
  await list.getByRole("button", { name: "Delete Weather dashboard 2" }).click();
  await expect(confirm).toContainText(
    text("en", "admin.projects.deleteTextNoImage", { title: "Weather dashboard 2" }),
  );
  await confirm.getByRole("button", { name: text("en", "admin.common.delete") }).click();
  await expect(list.getByText(text("en", "admin.projects.empty"))).toBeVisible();
  // The deleted project's button is gone: focus goes to the list's heading, not to <body>.
  await expect(page.getByRole("heading", { name: text("en", "admin.projects.listTitle") })).toBeFocused();
});

test("each view, page of a list and open editor has its address: reload and Back come back to it", async ({
  page,
  db,
}) => {
  for (let k = 0; k < 30; k++) await insertProject(db, { title: `Project ${k}`, position: k });
  await insertArticle(db, { title_en: "Kept open", title_ar: "", content_en: "<p>Some text</p>" });
  await signIn(page);
  const projects = page.getByRole("region", { name: text("en", "admin.projects.listTitle") });
  await projects
    .getByRole("navigation", { name: text("en", "admin.projects.pages") })
    .getByRole("link", { name: "Page 2", exact: true })
    .click();
  await expect(page).toHaveURL(`${ADMIN}/projects?page=2`);
  await expect(projects.getByRole("heading", { level: 3 }).first()).toHaveText("Project 25");
  await projects.getByRole("link", { name: "Edit Project 27" }).click();
  const dialog = page.getByRole("dialog", { name: text("en", "admin.projects.editTitle") });
  await expect(dialog.getByLabel(text("en", "admin.projects.title"))).toHaveValue("Project 27");

  // A reload opens the same project over the same page of the list (hidden from assistive technology under it).
  await page.reload();
  await expect(dialog.getByLabel(text("en", "admin.projects.title"))).toHaveValue("Project 27");
  await expect(
    page
      .getByRole("region", { name: text("en", "admin.projects.listTitle"), includeHidden: true })
      .getByRole("heading", { level: 3, includeHidden: true })
      .first(),
  ).toHaveText("Project 25");
  // Closing it goes back to that page, focus on the list's heading (the link that opened it is from before).
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${ADMIN}/projects?page=2`);
  await expect(projects.getByRole("heading", { name: text("en", "admin.projects.listTitle") })).toBeFocused();

  // Another view, an article's editor, then Back twice.
  const articles = await openView(page, "articles");
  await articles.getByRole("link", { name: "Edit Kept open" }).click();
  const editor = page.getByRole("dialog", { name: text("en", "admin.articles.editTitle") });
  await expect(editor.getByRole("textbox", { name: text("en", "admin.articles.contentEn") })).toContainText(
    "Some text",
  );
  await page.reload();
  await expect(editor.getByLabel(text("en", "admin.articles.titleEn"))).toHaveValue("Kept open");
  await page.goBack();
  await expect(editor).toBeHidden();
  await expect(page).toHaveURL(`${ADMIN}/articles`);
  await page.goBack();
  await expect(page).toHaveURL(`${ADMIN}/projects?page=2`);
  await expect(adminView(page, "projects").getByRole("heading", { level: 3 }).first()).toHaveText(
    "Project 25",
  );
  await page.goForward();
  await page.goForward();
  await expect(editor.getByLabel(text("en", "admin.articles.titleEn"))).toHaveValue("Kept open");
});

test("an address of the admin that names nothing says so in the view, with the server's words", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 404/);
  await signIn(page);
  await page.goto(`${ADMIN}/projects/00000000-0000-4000-8000-000000000000`);
  const gone = page.getByRole("alert");
  await expect(gone).toContainText(text("en", "errors.fetchProjects"));
  await expect(gone).toContainText(apiErrorText("en", "projectNotFound"));
  // The list above it and the admin's links are still there.
  await expect(page.getByRole("heading", { name: text("en", "admin.projects.listTitle") })).toBeVisible();
  await page.goto(`${ADMIN}/settings/nothing`);
  await expect(page.getByRole("alert")).toContainText(text("en", "notFound.text"));
  await expect(adminNav(page).getByRole("link", { name: text("en", "admin.tabs.settings") })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("after a delete on a slow server, focus goes to the list's heading once the item's button has gone", async ({
  page,
  db,
}) => {
  await insertProject(db, { title: "Old site" });
  await signIn(page);
  const list = page.getByRole("region", { name: text("en", "admin.projects.listTitle") });
  await expect(list.getByRole("heading", { name: "Old site" })).toBeVisible();
  // The list reloads slowly: the dialog closes (and gives focus back to the Delete button) well before it has.
  await page.route(/\/api\/.*projects/, async (route) => {
    if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await list.getByRole("button", { name: "Delete Old site" }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: text("en", "admin.common.delete") })
    .click();
  await expect(list.getByText(text("en", "admin.projects.empty"))).toBeVisible();
  await expect(page.getByRole("heading", { name: text("en", "admin.projects.listTitle") })).toBeFocused();
});

test("an upload the server refuses stops the save, and says why under the image field", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 415/);
  await signIn(page);
  const form = await openAddForm(page, "projects");
  await form.getByLabel(text("en", "admin.projects.title")).fill("Sneaky");
  await form.getByLabel(text("en", "admin.projects.image"), { exact: true }).setInputFiles({
    name: "evil.png",
    mimeType: "image/png",
    buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
  });
  await form.getByLabel(text("en", "imageField.altEn")).fill("Nothing");
  await form.getByLabel(text("en", "imageField.altAr")).fill("لا شيء");
  await form.getByRole("button", { name: text("en", "admin.projects.add") }).click();
  // The refusal is told under the image field, which takes the focus, and no toast covers it.
  const imageField = form.getByLabel(text("en", "admin.projects.image"), { exact: true });
  await expect(imageField).toBeFocused();
  await expect(imageField).toHaveAccessibleDescription(
    /Only PNG, JPEG, WebP and GIF images can be uploaded\./,
  );
  await expect(form.getByText("Only PNG, JPEG, WebP and GIF images can be uploaded.")).toBeVisible();
  await expect(toast(page)).toHaveCount(0);
  await expect(form.getByLabel(text("en", "admin.projects.title"))).toHaveValue("Sneaky");
  // Under the dialog, the list has no new project.
  await expect(
    page.getByRole("region", { name: text("en", "admin.projects.listTitle"), includeHidden: true }),
  ).toContainText(text("en", "admin.projects.empty"));
});

test("writes an article in English and Arabic with a code sample and an inline image", async ({ page }) => {
  await signIn(page);
  await openView(page, "articles");
  const form = await openAddForm(page, "articles");

  await form.getByRole("button", { name: text("en", "admin.articles.add") }).click();
  const titleEn = form.getByLabel(text("en", "admin.articles.titleEn"));
  await expect(titleEn).toBeFocused();
  await expect(titleEn).toHaveAccessibleDescription("At least one title (EN or AR) is required.");
  await expect(form.getByText("At least one title (EN or AR) is required.")).toBeVisible();
  await expect(toast(page)).toHaveCount(0);

  await form.getByLabel(text("en", "admin.articles.titleEn")).fill("Caching in Node");
  await form.getByLabel(text("en", "admin.articles.titleAr")).fill("التخزين المؤقت في نود");
  await form.getByLabel(text("en", "admin.articles.image"), { exact: true }).setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: await png("#f97316", 320, 140),
  });
  await form.getByLabel(text("en", "imageField.altEn")).fill("An orange banner");
  await form.getByLabel(text("en", "imageField.altAr")).fill("لافتة برتقالية");

  const english = form.getByRole("textbox", { name: text("en", "admin.articles.contentEn") });
  await english.click();
  await page.keyboard.type("Keep hot data close.");
  await page.keyboard.press("Enter");
  const englishToolbar = form.getByRole("toolbar").first();
  await englishToolbar.getByRole("button", { name: text("en", "editor.codeBlock") }).click();
  await englishToolbar
    .getByRole("combobox", { name: text("en", "editor.codeLanguage") })
    .selectOption("javascript");
  await page.keyboard.type("const cache = new Map();");
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    englishToolbar.getByRole("button", { name: text("en", "editor.image") }).click(),
  ]);
  await chooser.setFiles({ name: "inline.png", mimeType: "image/png", buffer: await png("#a855f7", 40, 30) });
  await expect(english.locator("img[src^='data:image/png;base64,']")).toBeVisible();
  // The inserted image asks for its description at once.
  const altBox = form.getByRole("textbox", { name: text("en", "editor.imageAlt"), exact: true });
  await expect(altBox).toBeFocused();
  await altBox.fill("A purple square");
  await altBox.press("Enter");
  await expect(english.locator("img[alt='A purple square']")).toBeVisible();

  const arabic = form.getByRole("textbox", { name: text("en", "admin.articles.contentAr") });
  await expect(arabic).toHaveAttribute("dir", "rtl");
  await arabic.click();
  await page.keyboard.type("احتفظ بالبيانات الساخنة قريبة.");

  await form.getByLabel(text("en", "admin.articles.statusPublished"), { exact: true }).check();
  await form.getByRole("button", { name: text("en", "admin.articles.add") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.articles.added"));
  await expect(form).toBeHidden();
  const again = await openAddForm(page, "articles");
  await expect(again.getByLabel(text("en", "admin.articles.titleEn"))).toHaveValue("");

  // English page: the text, a highlighted code sample, the inline image, the cover.
  await page.goto("/articles/caching-in-node");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Caching in Node");
  await expect(page.getByText("Keep hot data close.")).toBeVisible();
  const code = page.locator("pre code.language-javascript");
  await expect(code).toHaveText("const cache = new Map();");
  await expect(code.locator("span[class^='hljs-']").first()).toBeVisible();
  // The editor's image was stored when the article was saved: a file with its variants, not base64 in the page.
  const inline = page.getByRole("img", { name: "A purple square" });
  await expect(inline).toHaveAttribute("src", /^\/storage\/portfolio_images\/articles\/\d+_inline\.png$/);
  await expect(inline).toHaveAttribute("srcset", /-w40\.webp 40w$/);
  await expect
    .poll(() => inline.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc))
    .toMatch(/-w40\.webp$/);
  expect(await inline.evaluate((image) => image.getBoundingClientRect().width)).toBe(40);
  expect(await page.content()).not.toContain("data:image/png;base64");
  await expect(page.getByRole("img", { name: "An orange banner" })).toHaveAttribute(
    "src",
    /^\/storage\/portfolio_images\/articles\/\d+_cover\.png$/,
  );

  // The same article at its Arabic address.
  await page.goto(page.url().replace("/articles/", "/ar/articles/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("التخزين المؤقت في نود");
  await expect(page.getByText("احتفظ بالبيانات الساخنة قريبة.")).toBeVisible();
  await expect(page.getByRole("img", { name: "لافتة برتقالية" })).toBeVisible();
});

test("an article carrying script payloads renders without any script running", async ({
  page,
  db,
  consoleGuard,
}) => {
  // The harmless part of `<img src=x>` stays: a broken image next to the article.
  consoleGuard.allow(/status of 404 .*\/articles\/x\)/);
  await insertArticle(db, {
    slug: "payloads",
    title_en: "Payloads",
    content_en: [
      "<p>Safe text</p>",
      "<script>alert('script')</script>",
      "<img src=x onerror=\"alert('onerror')\">",
      "<a href=\"javascript:alert('href')\">click</a>",
      "<svg><script>alert('svg')</script></svg>",
      "<iframe src=\"javascript:alert('iframe')\"></iframe>",
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+">',
      "<details open ontoggle=\"alert('toggle')\"><summary>x</summary></details>",
    ].join("\n\n"),
  });
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await page.goto("/articles/payloads");
  await expect(page.getByText("Safe text")).toBeVisible();
  // The javascript: link lost its address: the text is there, and clicking it goes nowhere.
  await page.getByText("click", { exact: true }).click();
  await page.waitForTimeout(300);
  expect(dialogs).toBe(0);
  expect(
    await page.locator(".prose-article script, .prose-article iframe, .prose-article [onerror]").count(),
  ).toBe(0);
});

test("an autosaved draft is offered back when the form is opened again within two minutes", async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page);
  const form = await openAddForm(page, "projects");
  await form.getByLabel(text("en", "admin.projects.title")).fill("Half-written project");
  await form.getByLabel(text("en", "admin.projects.description")).fill("Typed before the tab closed.");
  await page.clock.runFor(31_000);

  // A reload opens the add form again (its address), empty, and offers the draft.
  await page.reload();
  const addForm = page.getByRole("dialog", { name: text("en", "admin.projects.addTitle") });
  await expect(addForm.getByLabel(text("en", "admin.projects.title"))).toHaveValue("");
  await addForm.getByRole("button", { name: text("en", "admin.drafts.restore") }).click();
  await expect(addForm.getByLabel(text("en", "admin.projects.title"))).toHaveValue("Half-written project");
  await expect(addForm.getByLabel(text("en", "admin.projects.description"))).toHaveValue(
    "Typed before the tab closed.",
  );

  // Past the two minutes, the draft is gone.
  await page.clock.runFor(31_000);
  await page.clock.runFor(3 * 60_000);
  await page.reload();
  await expect(addForm.getByLabel(text("en", "admin.projects.title"))).toHaveValue("");
  await expect(page.getByRole("button", { name: text("en", "admin.drafts.restore") })).toHaveCount(0);
});

test("a session that ends mid-edit brings back the sign-in without losing what was typed", async ({
  page,
  db,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 401/);
  await signIn(page);
  const form = await openAddForm(page, "projects");
  await form.getByLabel(text("en", "admin.projects.title")).fill("Typed before expiry");
  await form.getByLabel(text("en", "admin.projects.tags")).fill("Kept, Safe");
  await db.delete(sessions);

  await form.getByRole("button", { name: text("en", "admin.projects.add") }).click();
  const dialog = page.getByRole("dialog", { name: text("en", "admin.signIn.expiredTitle") });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(text("en", "admin.signIn.password")).fill(OWNER_PASSWORD);
  await dialog.getByRole("button", { name: text("en", "admin.signIn.submit") }).click();
  await expect(dialog).toBeHidden();

  await expect(form.getByLabel(text("en", "admin.projects.title"))).toHaveValue("Typed before expiry");
  await form.getByRole("button", { name: text("en", "admin.projects.add") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.projects.added"));
  await expect(page.getByRole("region", { name: text("en", "admin.projects.listTitle") })).toContainText(
    "Typed before expiry",
  );
});

test("the inbox lists messages newest first, opens, marks and deletes them", async ({ page, db }) => {
  await db.insert(messages).values([
    {
      name: "Old Reader",
      email: "old@example.com",
      subject: "Read already",
      message: "An older note.",
      created_at: new Date("2026-11-01T09:00:00Z"),
      read_at: new Date("2026-11-01T10:00:00Z"),
    },
    {
      name: "Salma",
      email: "salma@example.com",
      subject: "مشروع جديد",
      message: "مرحبا،\nأريد موقعًا لمتجري.",
      form_origin: "contact-page",
      created_at: new Date("2026-11-20T09:00:00Z"),
    },
  ]);
  await signIn(page);
  const tab = adminNav(page).getByRole("link", { name: /Messages/ });
  await expect(tab).toContainText("1");
  const panel = await openView(page, "messages");
  await expect(panel.getByRole("heading", { name: /Messages/ })).toContainText("1 unread");
  const items = panel.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Salma");
  await expect(items.nth(1)).toContainText("Old Reader");
  // Dates as the public site writes them (core/dates.ts), in the owner's time zone (Cairo, UTC+2).
  await expect(items.first()).toContainText("Nov 20, 2026, 11:00 AM");

  // Opening a message shows it whole and marks it read.
  await items.first().getByRole("button", { name: /Salma/ }).click();
  await expect(items.first()).toContainText("أريد موقعًا لمتجري.");
  await expect(items.first().getByRole("link", { name: "salma@example.com" })).toHaveAttribute(
    "href",
    /^mailto:salma@example\.com\?subject=Re/,
  );
  await expect(tab).not.toContainText("1");
  await items
    .first()
    .getByRole("button", { name: text("en", "admin.messages.markUnread") })
    .click();
  await expect(tab).toContainText("1");

  await items
    .first()
    .getByRole("button", { name: text("en", "admin.common.delete") })
    .click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: text("en", "admin.common.delete") })
    .click();
  await expect(toast(page)).toContainText(text("en", "admin.messages.deleted"));
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Old Reader");
  expect(await db.select().from(messages)).toHaveLength(1);
});

test("a message sent from the contact page reaches the inbox", async ({ page, context }) => {
  await signIn(page);
  const visitor = await context.newPage();
  await visitor.goto("/contact");
  await visitor.getByLabel(text("en", "contact.name")).fill("Karim");
  await visitor.getByLabel(text("en", "contact.yourEmail")).fill("karim@example.com");
  await visitor.getByLabel(text("en", "contact.subject")).fill("A quote");
  await visitor.getByLabel(text("en", "contact.message")).fill("How much for a shop?");
  await pastMinimumFillTime(visitor);
  await visitor.getByRole("button", { name: text("en", "contact.send") }).click();
  await expect(visitor.getByRole("region", { name: text("en", "common.notifications") })).toContainText(
    "Message Sent Successfully!",
  );
  await visitor.close();

  const inbox = await openView(page, "messages");
  await inbox.getByRole("button", { name: text("en", "admin.messages.refresh") }).click();
  await expect(inbox.getByRole("listitem").first()).toContainText("A quote");
});

test("Escape in the editor's link box closes the box, not the edit dialog", async ({ page, db }) => {
  await insertArticle(db, { title_en: "Linked", title_ar: "", content_en: "<p>Some text</p>" });
  await signIn(page);
  await openView(page, "articles");
  await page.getByRole("link", { name: "Edit Linked" }).click();
  const dialog = page.getByRole("dialog", { name: text("en", "admin.articles.editTitle") });
  await dialog
    .getByRole("toolbar")
    .first()
    .getByRole("button", { name: text("en", "editor.link") })
    .click();
  const address = dialog.getByRole("textbox", { name: text("en", "editor.linkAddress") });
  await expect(address).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(address).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

for (const language of ["en", "ar"] as const) {
  test(`the API's rules refuse fields under the fields they concern, in the page's language, before anything is sent (${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await setPreferences(context, baseURL!, { language });
    await signIn(page, language);
    await page
      .getByRole("region", { name: text(language, "admin.projects.listTitle") })
      .getByRole("link", { name: text(language, "admin.projects.addTitle") })
      .click();
    const form = page.getByRole("dialog", { name: text(language, "admin.projects.addTitle") });
    const title = form.getByLabel(text(language, "admin.projects.title"), { exact: true });
    await title.fill("x".repeat(201));
    // A web address the browser's URL field accepts but the API refuses (db/inputs.ts, checked in the form too).
    const live = form.getByLabel(text(language, "admin.projects.live"));
    await live.fill("javascript:alert(1)");
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/projects")) sent.push(request.url());
    });
    await form.getByRole("button", { name: text(language, "admin.projects.add") }).click();

    const tooLong = apiErrorText(language, "tooLong", { max: 200, count: 200 });
    const badUrl = apiErrorText(language, "invalidUrl");
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveAccessibleDescription(tooLong);
    await expect(live).toHaveAccessibleDescription(badUrl);
    await expect(form.getByText(tooLong)).toBeVisible();
    // The first field in error has the focus, and no toast covers it.
    await expect(title).toBeFocused();
    await expect(toast(page, language)).toHaveCount(0);
    expect(sent).toEqual([]);

    // Correcting a field clears its message; the other stays until the next save.
    await title.fill("A fine title");
    await expect(title).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(tooLong)).toBeHidden();
    await expect(live).toHaveAccessibleDescription(badUrl);
  });
}
