import { z } from "zod";

// What the owner sends to create or update a project (spec §3, §5). Messages are keys of core/api-messages.ts.

export const PROJECT_LIMITS = { title: 200, description: 5000, category: 60, tag: 40, tags: 30, url: 2000 };

/** An absolute http(s) address, as the browser's URL input and the server both require. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Tags are typed comma-separated: split on commas, each trimmed, blanks and repeats dropped (spec §5). */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ""),
    ),
  ];
}

const optionalText = (max: number) =>
  z.string({ error: "notText" }).trim().max(max, { error: "tooLong" }).default("");

const optionalLink = z
  .union([z.string({ error: "invalidUrl" }), z.null()])
  .default(null)
  .transform((value) => value?.trim() || null)
  .refine((value) => value === null || (value.length <= PROJECT_LIMITS.url && isWebUrl(value)), {
    error: "invalidUrl",
  });

export const ProjectInputSchema = z.object({
  title: z
    .string({ error: "projectTitleRequired" })
    .trim()
    .min(1, { error: "projectTitleRequired" })
    .max(PROJECT_LIMITS.title, { error: "tooLong" }),
  description: optionalText(PROJECT_LIMITS.description),
  category: optionalText(PROJECT_LIMITS.category),
  image_url: z
    .union([z.string({ error: "imageNotStored" }), z.null()])
    .default(null)
    .transform((value) => value?.trim() || null),
  github_link: optionalLink,
  live_link: optionalLink,
  tags: z
    .array(z.string({ error: "notText" }).trim().max(PROJECT_LIMITS.tag, { error: "tooLong" }), {
      error: "notText",
    })
    .default([])
    .transform((tags) => [...new Set(tags.filter((tag) => tag !== ""))])
    .refine((tags) => tags.length <= PROJECT_LIMITS.tags, { error: "tooManyTags" }),
});

export type ProjectInput = z.output<typeof ProjectInputSchema>;
