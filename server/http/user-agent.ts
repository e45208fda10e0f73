import Bowser from "bowser";

/** "Chrome 142 on Android", "Safari 18 on iOS", or the start of a User-Agent no parser knows. */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return "";
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = parsed.os.name ?? "";
  if (!browser && !system) return userAgent.slice(0, 60);
  return system && browser ? `${browser} · ${system}` : browser || system;
}
