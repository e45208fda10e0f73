import { apiErrorText } from "#core/api-errors.ts";
import type { Locator, Page } from "@playwright/test";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { insertProject } from "#tests/helpers/seed.ts";
import { ADMIN, adminNav, leftToRightArabic, openView, png, signIn, toast } from "./admin-page.ts";
import {
  OWNER_PASSWORD,
  at,
  expect,
  failedResource,
  setPreferences,
  siteConfig,
  test,
  text,
} from "./fixtures.ts";

// The owner runs the site from the admin (docs/product.md §17): settings seen on every page in both languages,
// the portrait, curated bilingual projects, the password; the admin right to left in Arabic, and the keyboard.

type Language = "en" | "ar";

type SettingsPage = "identity" | "hero" | "images" | "services" | "security" | "backup";

/** Opens one section of Settings, at its own address, and returns the Settings view. */
async function openSettings(page: Page, language: Language = "en", at: SettingsPage = "identity") {
  const panel = await openView(page, "settings", language);
  const link = panel
    .getByRole("navigation", { name: text(language, "admin.settings.sectionsLabel") })
    .getByRole("link", { name: text(language, `admin.settings.sections.${at}`) });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/settings/${at}$`));
  await expect(link).toHaveAttribute("aria-current", "page");
  await expect(panel.getByRole("button").last()).toBeVisible();
  return panel;
}

/** The English and Arabic inputs of one bilingual setting. */
function bilingual(scope: Locator, language: Language, label: string) {
  return {
    en: scope.getByLabel(text(language, "admin.settings.english", { label }), { exact: true }),
    ar: scope.getByLabel(text(language, "admin.settings.arabic", { label }), { exact: true }),
  };
}

const section = (panel: Locator, language: Language, name: "identity" | "hero" | "images" | "services") =>
  panel.getByRole("region", { name: text(language, `admin.settings.sections.${name}`) });

test("the owner changes the hero and a service card in both languages; every page in both languages shows it, and a reset brings the defaults back", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 422/);
  await signIn(page);
  const panel = await openSettings(page, "en", "hero");
  const headline = bilingual(
    section(panel, "en", "hero"),
    "en",
    text("en", "admin.settings.fields.heroTitle"),
  );
  await expect(headline.en).toHaveValue(siteConfig.heroTitle.en);
  await expect(headline.ar).toHaveAttribute("dir", "rtl");
  await headline.en.fill("Websites that bring you customers");
  await headline.ar.fill("مواقع تجلب لك العملاء");
  // Each section is saved by its own button, at the end of its form: it covers nothing.
  const save = panel.getByRole("button", { name: text("en", "admin.settings.save") });
  await save.click();
  await expect(toast(page)).toContainText(text("en", "admin.settings.saved"));
  await expect(save).toBeFocused();
  await openSettings(page, "en", "services");
  const cards = section(panel, "en", "services").getByRole("group", {
    name: text("en", "admin.settings.fields.services"),
  });
  const second = bilingual(cards, "en", text("en", "admin.settings.fields.serviceTitle", { number: 2 }));
  await second.en.fill("Accessible interfaces");
  await second.ar.fill("واجهات يسهل الوصول إليها");
  await save.click();
  await expect(toast(page)).toContainText(text("en", "admin.settings.saved"));
  await expect(save).toBeFocused();

  const visitor = await page.context().newPage();
  for (const [language, title, card] of [
    ["en", "Websites that bring you customers", "Accessible interfaces"],
    ["ar", "مواقع تجلب لك العملاء", "واجهات يسهل الوصول إليها"],
  ] as const) {
    await visitor.goto(at(language, "/"));
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    await visitor.goto(at(language, "/services"));
    await expect(visitor.getByRole("main").getByRole("heading", { level: 2 }).nth(2)).toHaveText(card);
  }

  // A text left out in one language is refused under its field, and nothing is saved.
  await openSettings(page, "en", "identity");
  const name = bilingual(section(panel, "en", "identity"), "en", text("en", "admin.settings.fields.name"));
  await name.ar.fill(" ");
  await save.click();
  await expect(name.ar).toHaveAccessibleDescription("Write this in Arabic too.");
  await expect(name.ar).toBeFocused();
  await expect(section(panel, "en", "identity").getByText("Write this in Arabic too.")).toBeVisible();
  await expect(toast(page)).toHaveCount(0);
  await visitor.goto("/ar");
  await expect(visitor.getByRole("contentinfo")).toContainText(siteConfig.name.ar);

  // Leaving the section with its change unsaved asks first; staying keeps the change.
  await adminNav(page)
    .getByRole("link", { name: text("en", "admin.tabs.projects") })
    .click();
  const leave = page.getByRole("alertdialog", { name: text("en", "admin.settings.leaveTitle") });
  await leave.getByRole("button", { name: text("en", "admin.settings.stay") }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/settings/identity$`));
  await expect(name.ar).toHaveValue(" ");

  // Reset the hero: the default headline is back on the site, the service card stays.
  await page.reload();
  const reloaded = await openSettings(page, "en", "hero");
  await section(reloaded, "en", "hero")
    .getByRole("button", { name: new RegExp(text("en", "admin.settings.reset")) })
    .click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: text("en", "admin.settings.reset") })
    .click();
  await expect(toast(page)).toContainText(
    text("en", "admin.settings.resetDone", { section: text("en", "admin.settings.sections.hero") }),
  );
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(siteConfig.heroTitle.en);
  await visitor.goto("/services");
  await expect(visitor.getByRole("main")).toContainText("Accessible interfaces");
});

test("a new portrait, uploaded with its description in both languages, is the hero's image in both languages", async ({
  page,
  server,
}) => {
  await signIn(page, "en");
  // The worker's data folder may hold an earlier test's image of this folder (a testimonial's photo).
  const folder = path.join(server.dataDir, "storage/portfolio_images/site");
  const earlier = new Set(existsSync(folder) ? readdirSync(folder) : []);
  const panel = await openSettings(page, "en", "images");
  const images = section(panel, "en", "images");
  await images
    .getByLabel(text("en", "admin.settings.fields.portrait"), { exact: true })
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png("#0ea5e9", 320, 320) });
  const portraitAlt = images.locator(`[id$="portrait-alt-en"], [id$="portrait-alt-ar"]`);
  await portraitAlt.nth(0).fill("Sam at a desk, smiling");
  await portraitAlt.nth(1).fill("سام على مكتبه مبتسمًا");
  await panel.getByRole("button", { name: text("en", "admin.settings.save") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.settings.saved"));
  const stored = readdirSync(folder).filter((name) => !earlier.has(name));
  const original = stored.filter((name) => !/-w\d+\./.test(name));
  expect(original).toEqual([expect.stringMatching(/^\d+_me\.png$/)]);

  const visitor = await page.context().newPage();
  for (const [language, alt] of [
    ["en", "Sam at a desk, smiling"],
    ["ar", "سام على مكتبه مبتسمًا"],
  ] as const) {
    await visitor.goto(at(language, "/"));
    await expect(visitor.getByRole("img", { name: alt })).toHaveAttribute(
      "src",
      `/storage/portfolio_images/site/${original[0]}`,
    );
  }
});

test("the owner writes a project in Arabic too, features and reorders projects, and the home page follows", async ({
  page,
  db,
}) => {
  for (const [index, title] of ["Delta", "Gamma", "Beta", "Alpha"].entries()) {
    await insertProject(db, {
      title,
      category: index % 2 ? "Web" : "Mobile",
      created_at: new Date(Date.UTC(2025, 0, index + 1)),
      position: 3 - index,
    });
  }
  await signIn(page);
  const list = page.getByRole("region", { name: text("en", "admin.projects.listTitle") });
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(["Alpha", "Beta", "Gamma", "Delta"]);

  // Move Delta up twice with the keyboard; focus stays on its button.
  const up = list.getByRole("button", { name: text("en", "admin.projects.moveUp", { title: "Delta" }) });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(["Alpha", "Beta", "Delta", "Gamma"]);
  await expect(up).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(["Alpha", "Delta", "Beta", "Gamma"]);

  // Feature Gamma and Delta, and give Delta its Arabic texts.
  for (const title of ["Gamma", "Delta"]) {
    await list.getByRole("link", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(text("en", "admin.projects.featured")).check();
    if (title === "Delta") {
      await dialog.getByLabel(text("en", "admin.projects.titleAr")).fill("دلتا");
      await dialog.getByLabel(text("en", "admin.projects.descriptionAr")).fill("السطر الأول\nالسطر الثاني");
      await dialog.getByLabel(text("en", "admin.projects.categoryAr")).fill("ويب");
    }
    await dialog.getByRole("button", { name: text("en", "admin.projects.save") }).click();
    await expect(dialog).toBeHidden();
    // Focus is back on the link that opened the dialog, not on <body>.
    await expect(list.getByRole("link", { name: `Edit ${title}` })).toBeFocused();
  }
  await expect(list.getByText(text("en", "admin.projects.featuredBadge"))).toHaveCount(2);

  const visitor = await page.context().newPage();
  await visitor.goto("/");
  const featured = visitor.getByRole("region", { name: text("en", "home.featuredTitle") });
  await expect(featured.getByRole("heading", { level: 3 })).toHaveText(["Delta", "Gamma"]);
  await visitor.goto("/ar");
  const featuredAr = visitor.getByRole("region", { name: text("ar", "home.featuredTitle") });
  await expect(featuredAr.getByRole("heading", { level: 3 })).toHaveText(["دلتا", "Gamma"]);
  // The description keeps its line break.
  const description = featuredAr.getByText("السطر الأول");
  expect((await description.boundingBox())!.height).toBeGreaterThan(40);

  // /projects follows the owner's order; the Arabic filter lists the Arabic category.
  await visitor.goto("/projects");
  await expect(visitor.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "Alpha",
    "Delta",
    "Beta",
    "Gamma",
  ]);
  await visitor.goto("/ar/projects");
  const filter = visitor.getByRole("navigation", { name: text("ar", "projects.filterLabel") });
  await expect(filter.getByRole("link")).toHaveText([text("ar", "projects.all"), "Web", "ويب", "Mobile"]);
  await filter.getByRole("link", { name: "ويب" }).click();
  await expect(visitor.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["دلتا"]);
});

test("the owner changes the password from Settings; a mismatch and a wrong current password are refused under their fields", async ({
  page,
  consoleGuard,
  startServer,
}) => {
  consoleGuard.allow(/status of 422/);
  // A server of its own: the other tests sign in with the password this one changes.
  const own = await startServer({});
  await signIn(page, "en", own.url);
  const panel = await openSettings(page, "en", "security");
  const form = panel.getByRole("region", { name: text("en", "admin.settings.password.title") });
  const current = form.getByLabel(text("en", "admin.settings.password.current"));
  const next = form.getByLabel(text("en", "admin.settings.password.next"), { exact: true });
  const confirm = form.getByLabel(text("en", "admin.settings.password.confirm"));
  const change = form.getByRole("button", { name: text("en", "admin.settings.password.change") });

  await current.fill("not the password");
  await next.fill("a fresh pass phrase");
  await confirm.fill("a fresh pass phrase!");
  await change.click();
  await expect(confirm).toHaveAccessibleDescription(text("en", "admin.settings.password.mismatch"));
  await confirm.fill("a fresh pass phrase");
  await change.click();
  await expect(current).toHaveAccessibleDescription("The current password is not correct.");

  // A password of the common list is refused under its field, in the owner's language.
  await current.fill("an end-to-end pass phrase");
  await next.fill("password123456");
  await confirm.fill("password123456");
  await change.click();
  await expect(next).toHaveAccessibleDescription(
    new RegExp(`${apiErrorText("en", "passwordCommon").replaceAll(".", "\\.")}$`),
  );

  await next.fill("a fresh pass phrase");
  await confirm.fill("a fresh pass phrase");
  await change.click();
  await expect(toast(page)).toContainText(text("en", "admin.settings.password.changed"));
  await expect(current).toHaveValue("");

  // The new password signs in; the old one no longer does.
  await page.context().clearCookies();
  await page.goto(own.url + ADMIN);
  await page.getByLabel(text("en", "admin.signIn.password")).fill("a fresh pass phrase");
  await page.getByRole("button", { name: text("en", "admin.signIn.submit") }).click();
  await expect(page.getByRole("heading", { level: 1, name: text("en", "admin.title") })).toBeVisible();
});

const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);

for (const theme of ["light", "dark"] as const) {
  test(`in Arabic (${theme}) every admin tab, dialog and form is right to left`, async ({
    page,
    context,
    baseURL,
    db,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 422/);
    // An Arabic-only project, as the owner who writes Arabic saves it.
    await insertProject(db, { title: "", title_ar: "متجر إلكتروني", image_url: null });
    await setPreferences(context, baseURL!, { language: "ar", theme });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // The admin's links to its views run right to left too: Projects, the first, at the right.
    expect(await direction(adminNav(page, "ar"))).toBe("rtl");
    const views = adminNav(page, "ar").getByRole("link");
    expect((await views.first().boundingBox())!.x).toBeGreaterThan((await views.last().boundingBox())!.x);
    const shot = (name: string) =>
      page.screenshot({ path: `test-results/screenshots/admin-ar-${theme}-${name}.png`, fullPage: true });

    for (const tab of ["projects", "articles", "messages", "visits", "settings", "activity"] as const) {
      const panel = await openView(page, tab, "ar");
      expect(await direction(panel), tab).toBe("rtl");
      expect(await leftToRightArabic(page), tab).toEqual([]);
      if (tab !== "messages") await shot(tab);
    }

    // The edit dialog and the delete confirmation of a project.
    await openView(page, "projects", "ar");
    const list = page.getByRole("region", { name: text("ar", "admin.projects.listTitle") });
    await list
      .getByRole("link", { name: text("ar", "admin.projects.editItem", { title: "متجر إلكتروني" }) })
      .click();
    const dialog = page.getByRole("dialog");
    expect(await direction(dialog)).toBe("rtl");
    await dialog.getByRole("button", { name: text("ar", "admin.projects.save") }).focus();
    // Neither title: the project has no name.
    await dialog.getByLabel(text("ar", "admin.projects.title"), { exact: true }).fill("");
    await dialog.getByLabel(text("ar", "admin.projects.titleAr"), { exact: true }).fill("");
    await dialog.getByRole("button", { name: text("ar", "admin.projects.save") }).click();
    await expect(dialog.getByText(text("ar", "errors.projectTitleRequired")).first()).toBeVisible();
    expect(await leftToRightArabic(page), "edit dialog").toEqual([]);
    await shot("edit-dialog");
    // Escape closes the topmost layer first: the error toast when it is still up, then the dialog.
    await expect(async () => {
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden({ timeout: 500 });
    }).toPass();
    await list
      .getByRole("button", { name: text("ar", "admin.projects.deleteItem", { title: "متجر إلكتروني" }) })
      .click();
    const confirm = page.getByRole("alertdialog");
    // No image: the confirmation does not speak of one.
    await expect(confirm).toContainText(
      text("ar", "admin.projects.deleteTextNoImage", { title: "متجر إلكتروني" }),
    );
    expect(await direction(confirm)).toBe("rtl");
    expect(await leftToRightArabic(page), "delete confirmation").toEqual([]);
    await expect(async () => {
      await page.keyboard.press("Escape");
      await expect(confirm).toBeHidden({ timeout: 500 });
    }).toPass();
    await expect(
      list.getByRole("button", { name: text("ar", "admin.projects.deleteItem", { title: "متجر إلكتروني" }) }),
    ).toBeFocused();

    // A settings section refusing a field, and its reset confirmation.
    const settings = await openSettings(page, "ar");
    const name = bilingual(
      section(settings, "ar", "identity"),
      "ar",
      text("ar", "admin.settings.fields.name"),
    );
    await name.en.fill("");
    await settings.getByRole("button", { name: text("ar", "admin.settings.save") }).click();
    await expect(name.en).toHaveAccessibleDescription("اكتب هذا بالإنجليزية أيضًا.");
    await expect(name.en).toHaveAttribute("dir", "ltr");
    expect(await leftToRightArabic(page), "settings with an error").toEqual([]);
    await section(settings, "ar", "identity")
      .getByRole("button", { name: new RegExp(text("ar", "admin.settings.reset")) })
      .click();
    expect(await direction(page.getByRole("alertdialog"))).toBe("rtl");
    expect(await leftToRightArabic(page), "reset confirmation").toEqual([]);
    await shot("reset-dialog");
    await page.keyboard.press("Escape");
  });
}

test("Escape closes the phone menu and the language menu, and focus goes back to their buttons", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ar/about");
  const menuButton = page.getByRole("button", { name: text("ar", "nav.openMenu") });
  await menuButton.click();
  const links = page.locator("header").getByRole("link", { name: text("ar", "nav.projects") });
  await expect(links).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(links).toBeHidden();
  await expect(page.getByRole("button", { name: text("ar", "nav.openMenu") })).toBeFocused();

  const language = page.getByRole("button", { name: text("ar", "nav.language") });
  await language.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(language).toBeFocused();
});

test("small defects: a slug that cannot exist is a 404, an empty home says so, Arabic is never slanted, public pages carry no admin texts", async ({
  page,
  request,
  startServer,
  consoleGuard,
}) => {
  // A second server starts here, and a dozen pages load: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  consoleGuard.allow(failedResource(404));
  for (const address of ["/articles/a%00b", "/ar/articles/a%00b", `/articles/${"x".repeat(3000)}`]) {
    const response = await page.goto(address);
    expect(response!.status(), address).toBe(404);
  }
  // A NUL in an API address is a malformed address (docs/product.md §20), refused before any route.
  expect((await request.get("/api/articles/a%00b")).status()).toBe(400);

  const empty = await startServer({ SAMPLE_PROJECTS: "off" });
  await page.goto(`${empty.url}/ar`);
  const featured = page.getByRole("region", { name: text("ar", "home.featuredTitle") });
  await expect(featured).toContainText(text("ar", "projects.empty"));

  for (const [language, style] of [
    ["en", "italic"],
    ["ar", "normal"],
  ] as const) {
    await page.goto(at(language, "/about"));
    const quote = page.locator("blockquote");
    await expect(quote).toHaveText(siteConfig.philosophy[language]);
    expect(await quote.evaluate((element) => getComputedStyle(element).fontStyle)).toBe(style);
  }

  for (const address of ["/", "/ar", "/projects", "/ar/contact"]) {
    const html = await (await request.get(address)).text();
    expect(html, address).not.toContain(text("en", "admin.settings.password.hint"));
    expect(html, address).not.toContain(text("ar", "admin.signIn.expiredText"));
    expect(html, address).not.toContain(text("en", "editor.linkInvalid"));
  }
});

test("the owner downloads the whole site from Settings and restores it, confirming before it replaces anything", async ({
  page,
  startServer,
  consoleGuard,
}) => {
  // The first restore is answered 409: the site has content, the owner is asked.
  consoleGuard.allow(/status of 409/);
  const own = await startServer({});
  await signIn(page, "en", own.url);
  // Something to keep: a project.
  const addProject = async (title: string) => {
    const list = page.getByRole("region", { name: text("en", "admin.projects.listTitle") });
    await list.getByRole("link", { name: text("en", "admin.projects.addTitle") }).click();
    const form = page.getByRole("dialog", { name: text("en", "admin.projects.addTitle") });
    await form.getByLabel(text("en", "admin.projects.title")).fill(title);
    await form.getByRole("button", { name: text("en", "admin.projects.add") }).click();
    await expect(toast(page)).toContainText(text("en", "admin.projects.added"));
    await expect(form).toBeHidden();
  };
  await addProject("Kept by the backup");

  const panel = await openSettings(page, "en", "backup");
  const backup = panel.getByRole("region", { name: text("en", "admin.settings.backup.title") });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    backup.getByRole("link", { name: text("en", "admin.settings.backup.download") }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sira-backup-\d{4}-\d\d-\d\d\.zip$/);
  const file = await download.path();

  // A project added after the backup goes when the backup is restored.
  await openView(page, "projects");
  await addProject("Added later");

  await openSettings(page, "en", "backup");
  await backup.getByLabel(text("en", "admin.settings.backup.file")).setInputFiles(file);
  await backup.getByRole("button", { name: text("en", "admin.settings.backup.restore") }).click();
  // Restoring asks for the password again; a wrong one stays in the dialog with the server's message.
  consoleGuard.allow(/status of 422/);
  const asking = page.getByRole("dialog", { name: text("en", "admin.settings.backup.passwordTitle") });
  const password = asking.getByLabel(text("en", "admin.confirmPassword.label"));
  await password.fill("not my password");
  await asking.getByRole("button", { name: text("en", "admin.settings.backup.restore") }).click();
  await expect(asking).toContainText(apiErrorText("en", "passwordConfirmWrong"));
  await password.fill(OWNER_PASSWORD);
  await asking.getByRole("button", { name: text("en", "admin.settings.backup.restore") }).click();
  const confirm = page.getByRole("alertdialog", { name: text("en", "admin.settings.backup.replaceTitle") });
  await confirm.getByRole("button", { name: text("en", "admin.settings.backup.replaceConfirm") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.settings.backup.restored"));
  // The view stays where it was; every view shows the restored site.
  await expect(page).toHaveURL(`${own.url}${ADMIN}/settings/backup`);
  await openView(page, "projects");
  const list = page.getByRole("region", { name: text("en", "admin.projects.listTitle") });
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(["Kept by the backup"]);
});
