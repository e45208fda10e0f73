import { z } from "zod";

// The owner's identity in both languages (README "Make it yours"). The values live in config/site.ts;
// this schema checks them when the server starts and in a test.

const Bilingual = z.object({
  en: z.string().trim().min(1, "needs English text"),
  ar: z.string().trim().min(1, "needs Arabic text"),
});

const HttpsUrl = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" });
const LocalImage = z
  .string()
  .regex(/^\/images\/[\w.-]+$/, "must be a file in public/images, e.g. /images/me.webp");

export const SiteConfigSchema = z.object({
  name: Bilingual,
  initials: z.string().trim().min(1).max(3, "at most 3 letters"),
  role: Bilingual,
  heroTitle: Bilingual,
  heroDescription: Bilingual,
  bio: Bilingual,
  philosophy: Bilingual,
  skills: z.array(Bilingual).min(1),
  city: Bilingual,
  location: Bilingual,
  email: z.email("must be an e-mail address"),
  phone: z.string().regex(/^\+?[\d\s()-]{6,20}$/, "must be a phone number such as +20 100 000 0000"),
  links: z.object({
    github: HttpsUrl,
    linkedin: HttpsUrl,
    twitter: HttpsUrl,
    instagram: HttpsUrl,
  }),
  footerText: Bilingual,
  portrait: LocalImage,
  portraitSmall: LocalImage,
  aboutImage: LocalImage,
  projectFallbackImage: LocalImage,
  shareImage: LocalImage,
  timeZone: z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone such as Africa/Cairo"),
});

export type SiteConfig = z.infer<typeof SiteConfigSchema>;

export function checkSiteConfig(config: unknown): SiteConfig {
  const result = SiteConfigSchema.safeParse(config);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`config/site.ts is not valid:\n${problems.join("\n")}`);
}
