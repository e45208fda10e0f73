import { expect, failedResource, test } from "./fixtures.ts";

// docs/product.md §20 in Chromium: a link to this site, however its path is spelled, lands on this site, on the
// page's one address; and a navigation in the browser asks for the page's data at its one address too.

test("a link to any spelling of a path of the site stays on the site", async ({
  page,
  baseURL,
  consoleGuard,
}) => {
  consoleGuard.allow(failedResource(404));
  const origin = new URL(baseURL!).origin;
  const links = [
    "//evil.example/?x=1",
    "///evil.example/",
    "/x/..//evil.example/?x=1",
    "//user@evil.example/",
    "/\\evil.example/?x=1",
    "/%2F%2Fevil.example/",
  ];
  for (const link of links) {
    // Opened as a link from a mail or another site would open it: the browser reads the address as written.
    await page.goto(`${origin}${link}`);
    expect(new URL(page.url()).origin, link).toBe(origin);
    expect(new URL(page.url()).pathname, link).not.toMatch(/^\/[/\\]/);
  }
  // Another spelling of a page lands on its one address.
  await page.goto("/ABOUT/");
  expect(new URL(page.url()).pathname).toBe("/about");
  await page.goto("/ar/");
  expect(new URL(page.url()).pathname).toBe("/ar");
});

test("a navigation in the browser asks for the page's data at its one address", async ({ page }) => {
  const redirected: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 300 && response.status() < 400) redirected.push(response.url());
  });
  await page.goto("/");
  await page.getByRole("navigation").first().getByRole("link", { name: "Articles" }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await page.getByRole("navigation").first().getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(redirected).toEqual([]);
});
