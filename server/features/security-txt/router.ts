import { Hono } from "hono";
import type { SettingsService } from "#server/features/settings/service.ts";

// /.well-known/security.txt (RFC 9116, docs/product.md §24): where to report a security problem with the site,
// built from the owner's e-mail in the settings, so it follows the owner's edits.

export const SECURITY_TXT_PATH = "/.well-known/security.txt";
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function securityTxt(options: { email: string; publicOrigin: string | undefined; now: Date }): string {
  // The settings check the e-mail's shape; a line break could still forge a field, so none passes.
  const email = options.email.replace(/[\r\n]/g, "");
  const lines = [
    `Contact: mailto:${email}`,
    // A year ahead, as the RFC recommends (less than a year); a fresh date on every request.
    `Expires: ${new Date(options.now.getTime() + YEAR_MS).toISOString()}`,
    "Preferred-Languages: en, ar",
  ];
  if (options.publicOrigin) lines.push(`Canonical: ${options.publicOrigin}${SECURITY_TXT_PATH}`);
  return `${lines.join("\n")}\n`;
}

export function securityTxtRouter(deps: {
  settings: SettingsService;
  publicOrigin: string | undefined;
  now: () => Date;
}) {
  return new Hono().get(SECURITY_TXT_PATH, async (c) => {
    const { email } = await deps.settings.read();
    c.header("Content-Type", "text/plain; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(securityTxt({ email, publicOrigin: deps.publicOrigin, now: deps.now() }));
  });
}
