import type { MetaDescriptor } from "react-router";
import { translate, type TranslateVars } from "#core/i18n.ts";
import { siteConfig } from "#config/site.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import type { RootData } from "./root-data.ts";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** Title and description of a page in the current language, with Open Graph tags for link previews. */
export function pageMeta(
  matches: readonly (MatchLike | undefined)[],
  titleKey: TranslationKey,
  descriptionKey?: TranslationKey,
  vars: TranslateVars = {},
  extra: { description?: string; type?: "website" | "article"; url?: string; image?: string } = {},
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  const language = root?.language ?? "en";
  const dictionary = root?.dictionary ?? {};
  const allVars = {
    name: siteConfig.name[language],
    role: siteConfig.role[language],
    city: siteConfig.city[language],
    ...vars,
  };
  const title = translate(dictionary, titleKey, allVars);
  const description =
    extra.description ?? (descriptionKey ? translate(dictionary, descriptionKey, allVars) : undefined);
  return [
    { title },
    ...(description ? [{ name: "description", content: description }] : []),
    { property: "og:title", content: title },
    ...(description ? [{ property: "og:description", content: description }] : []),
    { property: "og:type", content: extra.type ?? "website" },
    { property: "og:locale", content: language === "ar" ? "ar_EG" : "en_US" },
    ...(extra.url
      ? [
          { property: "og:url", content: extra.url },
          { tagName: "link", rel: "canonical", href: extra.url },
        ]
      : []),
    ...(extra.image ? [{ property: "og:image", content: extra.image }] : []),
  ];
}
