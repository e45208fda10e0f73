import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Language } from "#core/preferences.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";

// The share images of link previews (docs/product.md §16.5): 1200×630, the page's title, the owner's name and
// role, the site's initials and address, in the light theme's colours. Text is set by Pango (through sharp and
// libvips), which shapes Arabic with HarfBuzz: joined letters, right-to-left, the Cairo font the site uses
// (from @expo-google-fonts/cairo, which ships TTF files; the site's own files are WOFF2, which libvips cannot
// load). Each image is drawn once and kept on disk under a hash of what it shows, so an edited title draws a new
// one and an unchanged page never draws again.

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export interface ShareImageSpec {
  language: Language;
  /** The big line: an article's or a page's title. */
  title: string;
  /** Under the title: what the page is ("Articles", the owner's role). */
  kicker: string;
  name: string;
  initials: string;
  /** The site's address, e.g. "example.com". */
  site: string;
}

const COLORS = {
  background: "#ffffff",
  accent: "#eef2ff",
  primary: "#4f46e5",
  text: "#0f172a",
  muted: "#475569",
};
const MARGIN = 80;
const TEXT_WIDTH = SHARE_IMAGE.width - 2 * MARGIN;

function fontFile(weight: "400Regular" | "700Bold") {
  return path.join(
    findProjectRoot(),
    "node_modules",
    "@expo-google-fonts",
    "cairo",
    weight,
    `Cairo_${weight}.ttf`,
  );
}

const escapeMarkup = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

type Sharp = typeof import("sharp").default;

/** One block of text as a transparent PNG, at most `maxHeight` tall: the font shrinks until it fits. */
async function textBlock(
  sharp: Sharp,
  options: {
    text: string;
    bold: boolean;
    size: number;
    color: string;
    language: Language;
    maxHeight: number;
  },
): Promise<{ data: Buffer; width: number; height: number }> {
  for (let size = options.size; ; size -= 6) {
    const rendered = await sharp({
      text: {
        text: `<span foreground="${options.color}">${escapeMarkup(options.text)}</span>`,
        font: `Cairo ${options.bold ? "Bold" : "Regular"} ${size}`,
        fontfile: fontFile(options.bold ? "700Bold" : "400Regular"),
        width: TEXT_WIDTH,
        // The start of the line. Pango mirrors alignment in a right-to-left paragraph, so "left" is the start in
        // Arabic too (its right edge).
        align: "left",
        wrap: "word",
        spacing: -Math.round(size * 0.55),
        rgba: true,
        dpi: 72,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    if (rendered.info.height <= options.maxHeight || size <= 28)
      return { data: rendered.data, width: rendered.info.width, height: rendered.info.height };
  }
}

/** Draws the image (no cache): a PNG of 1200×630. */
export async function drawShareImage(spec: ShareImageSpec): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const rtl = spec.language === "ar";
  const startX = (width: number) => (rtl ? SHARE_IMAGE.width - MARGIN - width : MARGIN);

  const badgeSize = 96;
  const badge = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${badgeSize}" height="${badgeSize}">` +
      `<rect width="${badgeSize}" height="${badgeSize}" rx="22" fill="${COLORS.primary}"/></svg>`,
  );
  const initials = await textBlock(sharp, {
    text: spec.initials,
    bold: true,
    size: 44,
    color: "#ffffff",
    language: "en",
    maxHeight: badgeSize,
  });
  const name = await textBlock(sharp, {
    text: spec.name,
    bold: true,
    size: 36,
    color: COLORS.text,
    language: spec.language,
    maxHeight: 60,
  });
  const title = await textBlock(sharp, {
    text: spec.title,
    bold: true,
    size: 72,
    color: COLORS.text,
    language: spec.language,
    maxHeight: 220,
  });
  const kicker = await textBlock(sharp, {
    text: spec.kicker,
    bold: false,
    size: 34,
    color: COLORS.primary,
    language: spec.language,
    maxHeight: 56,
  });
  const site = await textBlock(sharp, {
    text: spec.site,
    bold: false,
    size: 28,
    color: COLORS.muted,
    language: "en",
    maxHeight: 48,
  });

  // Each block is as wide as its longest line: placed from the start edge, so a right-to-left block ends at the
  // right margin.
  const badgeX = rtl ? SHARE_IMAGE.width - MARGIN - badgeSize : MARGIN;
  const nameX = rtl ? badgeX - 28 - name.width : badgeX + badgeSize + 28;
  const titleTop = 220 + Math.max(0, (240 - title.height) / 2);

  return sharp({
    create: {
      width: SHARE_IMAGE.width,
      height: SHARE_IMAGE.height,
      channels: 4,
      background: COLORS.background,
    },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE.width}" height="${SHARE_IMAGE.height}">` +
            `<rect width="100%" height="100%" fill="${COLORS.background}"/>` +
            `<circle cx="${rtl ? 120 : 1080}" cy="-40" r="330" fill="${COLORS.accent}"/>` +
            `<rect x="0" y="${SHARE_IMAGE.height - 14}" width="${SHARE_IMAGE.width}" height="14" fill="${COLORS.primary}"/></svg>`,
        ),
        top: 0,
        left: 0,
      },
      { input: badge, top: MARGIN, left: badgeX },
      {
        input: initials.data,
        top: Math.round(MARGIN + (badgeSize - initials.height) / 2),
        left: Math.round(badgeX + (badgeSize - initials.width) / 2),
      },
      {
        input: name.data,
        top: Math.round(MARGIN + (badgeSize - name.height) / 2),
        left: Math.round(nameX),
      },
      { input: title.data, top: Math.round(titleTop), left: Math.round(startX(title.width)) },
      { input: kicker.data, top: 490, left: Math.round(startX(kicker.width)) },
      {
        input: site.data,
        top: 548,
        left: Math.round(rtl ? MARGIN : SHARE_IMAGE.width - MARGIN - site.width),
      },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The images already drawn, by the hash of what they show; the folder is created when the first one is kept. */
export function createShareImages(folder: string) {
  const drawing = new Map<string, Promise<Buffer>>();
  return {
    /** The image for `spec`, drawn on first request and kept. */
    async get(spec: ShareImageSpec): Promise<{ png: Buffer; etag: string }> {
      const hash = createHash("sha256").update(JSON.stringify(spec)).update("v1").digest("hex").slice(0, 32);
      const file = path.join(folder, `${hash}.png`);
      const etag = `"${hash}"`;
      try {
        return { png: await readFile(file), etag };
      } catch {
        // Not drawn yet.
      }
      let pending = drawing.get(hash);
      if (!pending) {
        pending = (async () => {
          const png = await drawShareImage(spec);
          await mkdir(folder, { recursive: true });
          const temporary = `${file}.${process.pid}.tmp`;
          await writeFile(temporary, png);
          await rename(temporary, file);
          return png;
        })().finally(() => drawing.delete(hash));
        drawing.set(hash, pending);
      }
      return { png: await pending, etag };
    },
  };
}

export type ShareImages = ReturnType<typeof createShareImages>;
