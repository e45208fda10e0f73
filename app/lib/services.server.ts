import type { RouterContextProvider } from "react-router";
import { checkSiteConfig } from "#core/site-config.ts";
import { nonceContext, siteServicesContext, type SiteServices } from "#server/ssr/context.ts";
import { siteConfig } from "#config/site.ts";

// Checked once, when the server loads the app: a broken config stops the start with a clear message.
checkSiteConfig(siteConfig);

export function getServices(context: Readonly<RouterContextProvider>): SiteServices {
  return context.get(siteServicesContext);
}

export function getNonce(context: Readonly<RouterContextProvider>): string {
  return context.get(nonceContext);
}
