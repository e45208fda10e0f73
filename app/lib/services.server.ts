import type { RouterContextProvider } from "react-router";
import type { Language } from "#core/preferences.ts";
import { checkSiteConfig, type SiteSettings } from "#core/site-settings.ts";
import { defaultSettings, localizeSettings, type PublicSite } from "#core/site-view.ts";
import { servicesContext, type Services } from "#server/services.ts";
import { nonceContext, pageRequestContext, type PageRequest } from "#server/ssr/context.ts";
import type { ImageInfo } from "#core/images.ts";
import { siteConfig } from "#config/site.ts";

// What loaders read from the server: the service container (server/services.ts), whole, and what the page handler
// knows of the request. A loader calls a service itself: `getServices(context).articles.listPage(…)`.

// Checked once, when the server loads the app: a broken config stops the start with a clear message.
checkSiteConfig(siteConfig);

export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

export function getPageRequest(context: Readonly<RouterContextProvider>): PageRequest {
  return context.get(pageRequestContext);
}

export function getNonce(context: Readonly<RouterContextProvider>): string {
  return context.get(nonceContext);
}

/**
 * Reads what a page shows through a server service. A failure (the database down) is logged and reported as
 * the key of the error toast the page shows (docs/product.md §8), so the page still renders.
 */
export async function readForPage<T>(
  context: Readonly<RouterContextProvider>,
  what: string,
  read: (services: Services) => Promise<T>,
): Promise<{ data: T; errorKey: null } | { data: null; errorKey: "errors.databaseUnavailable" }> {
  try {
    return { data: await read(getServices(context)), errorKey: null };
  } catch (error) {
    getPageRequest(context).failed(`${what} could not be read`, { error: String(error) }, error);
    return { data: null, errorKey: "errors.databaseUnavailable" };
  }
}

/**
 * Items with the responsive variants of their images (`image_info`); without them when they cannot be read (the
 * page then shows the stored files as they are).
 */
export async function withImageInfo<T extends { image_url: string | null }>(
  context: Readonly<RouterContextProvider>,
  items: T[],
): Promise<(T & { image_info: ImageInfo | null })[]> {
  const { data } = await readForPage(context, "image variants", ({ uploads }) =>
    uploads.info(items.map((item) => item.image_url)),
  );
  return items.map((item) => ({ ...item, image_info: (item.image_url && data?.[item.image_url]) || null }));
}

/** The root loader, the page's loader and its head all ask for the settings: one read per request. */
const settingsRead = new WeakMap<PageRequest, Promise<SiteSettings>>();

/**
 * The site's settings in one language (docs/product.md §17); with the database down, the defaults of
 * config/site.ts, so the page still renders.
 */
export async function readSite(
  context: Readonly<RouterContextProvider>,
  language: Language,
): Promise<PublicSite> {
  const request = getPageRequest(context);
  const { data: settings } = await readForPage(context, "settings", ({ settings }) => {
    let read = settingsRead.get(request);
    if (!read) settingsRead.set(request, (read = settings.read()));
    return read;
  });
  const site = localizeSettings(settings ?? defaultSettings(siteConfig), language, siteConfig);
  const [portrait, aboutImage] = await withImageInfo(context, [
    { image_url: site.portrait.url },
    { image_url: site.aboutImage.url },
  ]);
  return {
    ...site,
    portrait: { ...site.portrait, info: portrait!.image_info },
    aboutImage: { ...site.aboutImage, info: aboutImage!.image_info },
  };
}
