import type { Page } from "@playwright/test";
import sharp from "sharp";
import { OWNER_PASSWORD, expect, text } from "./fixtures.ts";

// What the admin page's end-to-end tests share: its address, signing in, its views, a drawn image, the toasts.

export const ADMIN = "/admin-mh2025";

export type AdminView =
  "projects" | "articles" | "testimonials" | "cv" | "messages" | "visits" | "settings" | "activity";

/** Signs in on the admin page of this worker's server, or of the server at `origin`. */
export async function signIn(page: Page, language: "en" | "ar" = "en", origin = "") {
  await page.goto(origin + ADMIN);
  await page.getByLabel(text(language, "admin.signIn.password")).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: text(language, "admin.signIn.submit") }).click();
  await expect(page.getByRole("heading", { level: 1, name: text(language, "admin.title") })).toBeVisible();
}

/** The admin's links to its views. */
export const adminNav = (page: Page, language: "en" | "ar" = "en") =>
  page.getByRole("navigation", { name: text(language, "admin.tabs.label") });

/** Opens one of the admin's views by its link, and returns the view. */
export async function openView(page: Page, view: AdminView, language: "en" | "ar" = "en") {
  await adminNav(page, language)
    .getByRole("link", { name: new RegExp(`^${text(language, `admin.tabs.${view}`)}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/${view}(/|\\?|$)`));
  return adminView(page, view, language);
}

/** The open view of the admin, named after its link (the first: a view's own heading may say the same). */
export const adminView = (page: Page, view: AdminView, language: "en" | "ar" = "en") =>
  page.getByRole("region", { name: text(language, `admin.tabs.${view}`), exact: true }).first();

/** A plain image of one colour, as an upload. */
export async function png(color: string, width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A photograph-like JPEG (grain all over), whose variants take seconds to make, as a camera's do. */
export async function grainyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#a855f7",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The toasts. While a dialog is open the rest of the page is hidden from assistive technology (the toasts' region
 * too: Radix announces each toast on its own), so they are found hidden or not.
 */
export const toast = (page: Page, language: "en" | "ar" = "en") =>
  page
    .getByRole("region", { name: text(language, "common.notifications"), includeHidden: true })
    .getByRole("listitem", { includeHidden: true });

/** Every element holding Arabic text that computes `direction: ltr` (code and LTR inputs aside). */
export function leftToRightArabic(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter(
        (element) =>
          !element.closest("pre, code") &&
          (element as HTMLElement).offsetParent !== null &&
          [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && /[\u0600-\u06FF]/.test(node.textContent ?? ""),
          ) &&
          getComputedStyle(element).direction === "ltr",
      )
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 40)}`),
  );
}
