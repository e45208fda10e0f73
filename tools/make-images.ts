// Draws the site's images in code (SVG) and renders them with sharp into public/ — nothing is downloaded.
// Run with `npm run images` (or `node scripts/make-images.ts` on Node 24, which strips the types).
// Output is deterministic: the same script always produces the same files.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp, { type Sharp } from "sharp";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC_DIR = join(ROOT, "public");
const IMAGES_DIR = join(PUBLIC_DIR, "images");

/** The WebPs ship to phones: each must stay under this size. */
const WEBP_BUDGET_BYTES = 60 * 1024;

// ---------------------------------------------------------------------------------------------------------
// Palette

const INDIGO = {
  50: "#eef2ff",
  100: "#e0e7ff",
  200: "#c7d2fe",
  300: "#a5b4fc",
  400: "#818cf8",
  500: "#6366f1",
  600: "#4f46e5",
  700: "#4338ca",
  800: "#3730a3",
  900: "#312e81",
  950: "#1e1b4b",
} as const;

const VIOLET = {
  200: "#ddd6fe",
  300: "#c4b5fd",
  400: "#a78bfa",
  500: "#8b5cf6",
  600: "#7c3aed",
  700: "#6d28d9",
  800: "#5b21b6",
  900: "#4c1d95",
} as const;

// ---------------------------------------------------------------------------------------------------------
// Small SVG helpers

type Attrs = Record<string, string | number | undefined>;

function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${v}"`)
    .join(" ");
}

function svg(width: number, height: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs}</defs>${body}</svg>`
  ).replace(/(\d\.\d\d)\d+/g, "$1"); // two decimals are plenty and keep favicon.svg small
}

function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  fill: string,
  extra: Attrs = {},
): string {
  return `<rect ${attrs({ x, y, width: w, height: h, rx: r, fill, ...extra })}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string {
  return `<circle ${attrs({ cx, cy, r, fill, ...extra })}/>`;
}

function path(d: string, fill: string, extra: Attrs = {}): string {
  return `<path ${attrs({ d, fill, ...extra })}/>`;
}

function line(d: string, stroke: string, width: number, extra: Attrs = {}): string {
  return path(d, "none", {
    stroke,
    "stroke-width": width,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    ...extra,
  });
}

function group(content: string, extra: Attrs = {}): string {
  return `<g ${attrs(extra)}>${content}</g>`;
}

type Stop = readonly [offset: number, color: string, opacity?: number];

function stops(list: readonly Stop[]): string {
  return list
    .map(([o, c, op]) => `<stop ${attrs({ offset: o, "stop-color": c, "stop-opacity": op })}/>`)
    .join("");
}

function linear(id: string, list: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient ${attrs({ id, x1, y1, x2, y2 })}>${stops(list)}</linearGradient>`;
}

function radial(id: string, list: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient ${attrs({ id, cx, cy, r })}>${stops(list)}</radialGradient>`;
}

/** A soft drop shadow filter (blurred, offset, tinted copy of the shape's alpha under the shape). */
function shadowFilter(id: string, blur: number, dy: number, color: string, opacity: number): string {
  return (
    `<filter id="${id}" x="-30%" y="-30%" width="160%" height="170%" color-interpolation-filters="sRGB">` +
    `<feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/>` +
    `<feOffset dy="${dy}" result="blur"/>` +
    `<feFlood flood-color="${color}" flood-opacity="${opacity}"/>` +
    `<feComposite in2="blur" operator="in"/>` +
    `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`
  );
}

function blurFilter(id: string, blur: number): string {
  return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${blur}"/></filter>`;
}

/** A small deterministic pseudo-random generator so star fields etc. are identical on every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Code glyphs drawn as strokes: "</>", "{ }" or "< >", centred on (cx, cy), `size` tall. */
function codeGlyph(
  kind: "tag" | "braces" | "angles",
  cx: number,
  cy: number,
  size: number,
  color: string,
  width: number,
): string {
  const h = size / 2;
  if (kind === "braces") {
    const w = size * 0.16;
    const gap = size * 0.36;
    const brace = (x: number, dir: 1 | -1): string => {
      const out = x + dir * w;
      const tip = x - dir * w;
      return (
        `M ${out} ${cy - h} C ${x} ${cy - h} ${x} ${cy - h} ${x} ${cy - h * 0.55} L ${x} ${cy - h * 0.25} ` +
        `C ${x} ${cy - h * 0.05} ${x - dir * w * 0.5} ${cy} ${tip} ${cy} ` +
        `C ${x - dir * w * 0.5} ${cy} ${x} ${cy + h * 0.05} ${x} ${cy + h * 0.25} L ${x} ${cy + h * 0.55} ` +
        `C ${x} ${cy + h} ${x} ${cy + h} ${out} ${cy + h}`
      );
    };
    return line(`${brace(cx - gap, 1)} ${brace(cx + gap, -1)}`, color, width);
  }
  const aw = size * 0.32;
  const gap = kind === "tag" ? size * 0.42 : size * 0.16;
  let d = `M ${cx - gap} ${cy - h * 0.75} L ${cx - gap - aw} ${cy} L ${cx - gap} ${cy + h * 0.75}`;
  d += ` M ${cx + gap} ${cy - h * 0.75} L ${cx + gap + aw} ${cy} L ${cx + gap} ${cy + h * 0.75}`;
  if (kind === "tag") d += ` M ${cx + size * 0.14} ${cy - h} L ${cx - size * 0.14} ${cy + h}`;
  return line(d, color, width);
}

/** The initials "MH" as stroked paths (no font needed), centred on (cx, cy), `h` tall (stroke included). */
function initials(cx: number, cy: number, h: number, color: string): string {
  const sw = h * 0.2;
  const inner = h - sw; // the path's own height; the round caps add sw/2 at each end
  const mw = inner * 0.92;
  const hw = inner * 0.72;
  const gap = inner * 0.3 + sw;
  const total = mw + gap + hw;
  const x0 = cx - total / 2;
  const top = cy - inner / 2;
  const bottom = cy + inner / 2;
  const m = `M ${x0} ${bottom} L ${x0} ${top} L ${x0 + mw / 2} ${top + inner * 0.58} L ${x0 + mw} ${top} L ${x0 + mw} ${bottom}`;
  const hx = x0 + mw + gap;
  const hh = `M ${hx} ${top} L ${hx} ${bottom} M ${hx + hw} ${top} L ${hx + hw} ${bottom} M ${hx} ${cy} L ${hx + hw} ${cy}`;
  return line(`${m} ${hh}`, color, sw);
}

/** A four-pointed sparkle. */
function sparkle(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string {
  const k = r * 0.22;
  return path(
    `M ${cx} ${cy - r} Q ${cx + k} ${cy - k} ${cx + r} ${cy} Q ${cx + k} ${cy + k} ${cx} ${cy + r} Q ${cx - k} ${cy + k} ${cx - r} ${cy} Q ${cx - k} ${cy - k} ${cx} ${cy - r} Z`,
    fill,
    extra,
  );
}

/** Rows of coloured rounded bars that read as source code. Each row: [indent, [length, colour]...]. */
function codeLines(
  x: number,
  y: number,
  rows: readonly (readonly [number, readonly (readonly [number, string])[]])[],
  lineHeight: number,
  barHeight: number,
  unit: number,
): string {
  let out = "";
  rows.forEach(([indent, segments], i) => {
    let cx = x + indent * unit;
    const cy = y + i * lineHeight;
    for (const [len, color] of segments) {
      out += rect(cx, cy, len * unit, barHeight, barHeight / 2, color);
      cx += len * unit + unit * 0.8;
    }
  });
  return out;
}

/** A browser window frame: title bar with three dots and an address bar. Returns the content's top. */
function browserFrame(
  x: number,
  y: number,
  w: number,
  h: number,
  colors: {
    frame: string;
    bar: string;
    address: string;
    dots: readonly [string, string, string];
    stroke?: string;
  },
  filter?: string,
): { svg: string; contentTop: number } {
  const barH = 56;
  let out = rect(x, y, w, h, 22, colors.frame, {
    filter: filter ? `url(#${filter})` : undefined,
    stroke: colors.stroke,
    "stroke-width": colors.stroke ? 1.5 : undefined,
  });
  out += path(
    `M ${x} ${y + barH} L ${x} ${y + 22} Q ${x} ${y} ${x + 22} ${y} L ${x + w - 22} ${y} Q ${x + w} ${y} ${x + w} ${y + 22} L ${x + w} ${y + barH} Z`,
    colors.bar,
  );
  colors.dots.forEach((c, i) => {
    out += circle(x + 30 + i * 22, y + barH / 2, 7, c);
  });
  out += rect(x + 120, y + 15, Math.min(420, w * 0.45), 26, 13, colors.address);
  return { svg: out, contentTop: y + barH };
}

// ---------------------------------------------------------------------------------------------------------
// Portrait (640×640, transparent corners)

function portrait(): string {
  const S = 640;
  const skin = "#f2c4a0";
  const skinShade = "#dc9f7c";
  const hair = INDIGO[950];
  const defs =
    linear(
      "bg",
      [
        [0, INDIGO[400]],
        [1, VIOLET[600]],
      ],
      0,
      0,
      1,
      1,
    ) +
    radial(
      "glow",
      [
        [0, "#ffffff", 0.35],
        [1, "#ffffff", 0],
      ],
      0.5,
      0.42,
      0.55,
    ) +
    linear("jacket", [
      [0, INDIGO[800]],
      [1, INDIGO[950]],
    ]) +
    linear(
      "lid",
      [
        [0, "#f8fafc"],
        [1, INDIGO[200]],
      ],
      0,
      0,
      1,
      1,
    ) +
    linear(
      "face",
      [
        [0, skin],
        [1, "#eab693"],
      ],
      0,
      0,
      0,
      1,
    ) +
    shadowFilter("chip", 10, 8, INDIGO[950], 0.3) +
    shadowFilter("soft", 14, 10, INDIGO[950], 0.35) +
    `<clipPath id="disc"><circle cx="320" cy="330" r="272"/></clipPath>`;

  let body = "";
  // Background disc, a dashed orbit and a soft inner glow.
  body += circle(320, 330, 300, "none", {
    stroke: VIOLET[400],
    "stroke-width": 3,
    "stroke-dasharray": "2 14",
    "stroke-linecap": "round",
    opacity: 0.9,
  });
  body += circle(320, 330, 272, "url(#bg)");
  body += circle(320, 330, 272, "url(#glow)");
  // Faint code pattern inside the disc.
  body += group(
    codeGlyph("tag", 180, 300, 40, "#ffffff", 6) + codeGlyph("braces", 470, 250, 40, "#ffffff", 6),
    { opacity: 0.18 },
  );

  let person = "";
  // Hair behind the head.
  person += path("M 224 312 C 206 226 250 170 322 166 C 392 164 436 210 418 312 Z", hair);
  // Torso: jacket, t-shirt collar, neck.
  person += path("M 104 660 C 106 542 160 474 246 458 L 394 458 C 480 474 534 542 536 660 Z", "url(#jacket)");
  person += path("M 248 458 Q 320 560 392 458 Z", INDIGO[100]);
  person += path("M 284 390 L 356 390 L 360 462 Q 320 490 280 462 Z", skinShade);
  // Jacket lapels.
  person += line("M 250 462 Q 288 530 298 620 M 390 462 Q 352 530 342 620", INDIGO[700], 6, { opacity: 0.9 });
  // Head.
  person += `<ellipse cx="236" cy="318" rx="16" ry="23" fill="${skinShade}"/>`;
  person += `<ellipse cx="404" cy="318" rx="16" ry="23" fill="${skinShade}"/>`;
  person += path(
    "M 234 292 C 234 200 406 200 406 292 L 404 322 C 398 384 362 414 320 414 C 278 414 242 384 236 322 Z",
    "url(#face)",
  );
  // Swept fringe.
  person += path(
    "M 228 300 C 220 222 266 178 326 176 C 386 174 426 214 414 298 C 408 272 398 254 384 242 " +
      "C 356 258 316 252 292 236 C 278 252 258 262 242 262 C 236 274 231 286 228 300 Z",
    hair,
  );
  person += line("M 292 236 C 300 214 318 198 344 190", INDIGO[800], 5, { opacity: 0.9 });
  person += line("M 360 194 C 384 200 402 216 410 240", INDIGO[700], 5, { opacity: 0.5 });
  // Brows, glasses, eyes, nose, smile, cheeks.
  person += line("M 274 278 Q 289 270 304 276 M 336 276 Q 351 270 366 278", hair, 6);
  person += rect(259, 290, 58, 42, 15, "#ffffff", { "fill-opacity": 0.22, stroke: hair, "stroke-width": 5 });
  person += rect(323, 290, 58, 42, 15, "#ffffff", { "fill-opacity": 0.22, stroke: hair, "stroke-width": 5 });
  person += line("M 317 306 Q 320 300 323 306", hair, 5);
  person += line("M 259 304 L 240 300 M 381 304 L 400 300", hair, 5);
  person += circle(289, 312, 6, hair) + circle(351, 312, 6, hair);
  person += line("M 320 326 Q 312 350 324 352", skinShade, 5);
  person += path("M 298 370 Q 320 392 342 370 Q 320 378 298 370 Z", "#ffffff", {
    stroke: "#9f4e3c",
    "stroke-width": 4,
    "stroke-linejoin": "round",
  });
  person +=
    circle(266, 352, 13, "#f472b6", { opacity: 0.25 }) + circle(374, 352, 13, "#f472b6", { opacity: 0.25 });
  // Laptop (lid facing us) held in front of the chest, with the code logo on the lid.
  person += group(
    rect(190, 510, 260, 160, 20, "url(#lid)") +
      rect(176, 500, 288, 16, 8, INDIGO[300]) +
      circle(320, 574, 40, INDIGO[500], { opacity: 0.15 }) +
      codeGlyph("tag", 320, 574, 42, INDIGO[600], 7),
    { filter: "url(#soft)" },
  );
  // Hands on the laptop's edge.
  person += rect(180, 498, 44, 26, 13, skin);
  person += rect(416, 498, 44, 26, 13, skin);
  body += group(person, { "clip-path": "url(#disc)" });

  // Floating chips around the disc.
  body += group(rect(58, 132, 118, 78, 24, "#ffffff") + codeGlyph("braces", 117, 171, 38, VIOLET[600], 7), {
    filter: "url(#chip)",
  });
  body += group(rect(478, 398, 118, 78, 24, "#ffffff") + codeGlyph("tag", 537, 437, 36, INDIGO[600], 7), {
    filter: "url(#chip)",
  });
  body += sparkle(548, 128, 22, VIOLET[300]);
  body += sparkle(86, 456, 16, INDIGO[300]);
  body +=
    circle(590, 240, 7, INDIGO[300]) + circle(56, 300, 5, VIOLET[300]) + circle(150, 590, 6, VIOLET[300]);
  return svg(S, S, defs, body);
}

// ---------------------------------------------------------------------------------------------------------
// About: a workspace at dusk (1600×700)

function about(): string {
  const W = 1600;
  const H = 700;
  const rnd = seeded(7);
  const defs =
    linear("wall", [
      [0, INDIGO[950]],
      [1, INDIGO[900]],
    ]) +
    linear("sky", [
      [0, VIOLET[900]],
      [0.55, VIOLET[600]],
      [1, "#f0abfc"],
    ]) +
    linear("desk", [
      [0, INDIGO[400]],
      [1, INDIGO[500]],
    ]) +
    linear("under", [
      [0, "#17143d"],
      [1, "#110f2e"],
    ]) +
    linear("screen", [
      [0, "#1b1845"],
      [1, "#14123a"],
    ]) +
    radial(
      "lamp",
      [
        [0, "#fde68a", 0.55],
        [1, "#fde68a", 0],
      ],
      0.5,
      0.5,
      0.5,
    ) +
    radial("halo", [
      [0, VIOLET[500], 0.45],
      [1, VIOLET[500], 0],
    ]) +
    radial("halo2", [
      [0, INDIGO[500], 0.35],
      [1, INDIGO[500], 0],
    ]) +
    linear("pot", [
      [0, VIOLET[300]],
      [1, VIOLET[500]],
    ]) +
    shadowFilter("sh", 12, 10, "#0b0a24", 0.5) +
    blurFilter("blur", 30) +
    `<clipPath id="panes"><rect x="150" y="100" width="360" height="320" rx="8"/></clipPath>`;

  let b = rect(0, 0, W, H, 0, "url(#wall)");
  // Soft light blobs on the wall.
  b += circle(1380, 160, 320, "url(#halo2)");
  b += circle(880, 300, 330, "url(#halo)");

  // Window with a dusk skyline.
  b += rect(126, 76, 408, 368, 20, INDIGO[700]);
  let sky = rect(150, 100, 360, 320, 0, "url(#sky)");
  for (let i = 0; i < 26; i++) {
    const x = 150 + rnd() * 360;
    const y = 104 + rnd() * 170;
    sky += circle(x, y, 1 + rnd() * 2, "#ffffff", { opacity: 0.4 + rnd() * 0.5 });
  }
  sky += circle(420, 170, 30, "#fef3c7") + circle(436, 160, 28, VIOLET[800]);
  const buildings: [number, number, number][] = [
    [140, 60, 300],
    [196, 46, 262],
    [238, 70, 330],
    [300, 52, 280],
    [346, 64, 312],
    [404, 44, 270],
    [442, 76, 300],
  ];
  for (const [bx, bw, by] of buildings) {
    sky += rect(bx, by, bw, 440 - by, 4, INDIGO[900]);
    for (let wy = by + 16; wy < 410; wy += 22) {
      for (let wx = bx + 10; wx < bx + bw - 10; wx += 16) {
        if (rnd() < 0.35) sky += rect(wx, wy, 7, 10, 1.5, "#fde68a", { opacity: 0.75 });
      }
    }
  }
  b += group(sky, { "clip-path": "url(#panes)" });
  b += rect(326, 100, 8, 320, 0, INDIGO[700]) + rect(150, 256, 360, 8, 0, INDIGO[700]);
  b += rect(106, 440, 448, 18, 9, INDIGO[500]);

  // Shelf with books and a little trophy cube.
  b += rect(1216, 214, 300, 14, 7, INDIGO[500]);
  const books: [number, number, number, string][] = [
    [1240, 30, 92, VIOLET[400]],
    [1272, 24, 78, INDIGO[300]],
    [1298, 34, 100, "#f0abfc"],
    [1334, 22, 70, VIOLET[300]],
  ];
  for (const [x, w, h, c] of books)
    b += rect(x, 214 - h, w, h, 4, c) + rect(x + 5, 214 - h + 14, w - 10, 4, 2, "#ffffff", { opacity: 0.5 });
  b += `<g transform="rotate(14 1380 184)">${rect(1366, 140, 26, 76, 4, INDIGO[400])}</g>`;
  b += rect(1420, 170, 56, 44, 10, VIOLET[500]) + codeGlyph("tag", 1448, 192, 20, "#ffffff", 4);

  // Wall frame with a chart doodle.
  b += rect(1176, 262, 130, 100, 12, INDIGO[800], { stroke: INDIGO[500], "stroke-width": 4 });
  b += line("M 1196 338 L 1222 316 L 1246 326 L 1282 288", VIOLET[300], 6);
  b += circle(1282, 288, 7, "#f0abfc");

  // Desk: top surface, front edge, legs and a drawer unit.
  b += rect(0, 560, W, H - 560, 0, "url(#under)");
  const desk = "M 60 500 L 1540 500 L 1580 556 L 20 556 Z";
  b += path(desk, "url(#desk)");
  b += `<ellipse cx="500" cy="520" rx="190" ry="34" fill="url(#lamp)"/>`;
  b += rect(20, 556, 1560, 24, 6, INDIGO[700]);
  b += rect(80, 580, 28, 120, 4, INDIGO[800]) + rect(1492, 580, 28, 120, 4, INDIGO[800]);
  b += rect(1180, 580, 260, 120, 6, INDIGO[800]);
  b += rect(1206, 606, 208, 36, 8, INDIGO[700]) + rect(1286, 620, 48, 8, 4, INDIGO[400]);
  b += rect(1206, 656, 208, 44, 8, INDIGO[700]) + rect(1286, 670, 48, 8, 4, INDIGO[400]);

  // Desk lamp between the window and the monitor, with a warm cone of light over the mug.
  b += path("M 514 352 L 596 372 L 680 502 L 330 502 Z", "#fde68a", { opacity: 0.08 });
  b += rect(560, 496, 90, 14, 7, INDIGO[300]);
  b += line("M 605 498 L 628 410 L 566 334", INDIGO[300], 10);
  b += circle(628, 410, 9, INDIGO[200]);
  b += `<g transform="rotate(-28 560 332)">${path("M 526 314 L 594 314 L 610 354 L 510 354 Z", VIOLET[400])}${rect(546, 302, 28, 14, 6, VIOLET[300])}</g>`;
  b += circle(552, 362, 10, "#fef3c7");

  // Monitor with an editor full of code.
  let mon = rect(640, 150, 500, 310, 18, "#0e0c2a");
  mon += rect(654, 164, 472, 270, 8, "url(#screen)");
  mon += rect(654, 164, 472, 28, 8, "#25215a");
  mon += circle(672, 178, 5, "#fb7185") + circle(690, 178, 5, "#fbbf24") + circle(708, 178, 5, "#34d399");
  mon += rect(654, 192, 84, 242, 0, "#18153f");
  for (let i = 0; i < 7; i++)
    mon += rect(668, 210 + i * 26, 40 + ((i * 17) % 20), 8, 4, i === 2 ? INDIGO[400] : "#3d3b85");
  for (let i = 0; i < 10; i++) mon += rect(752, 212 + i * 21, 12, 6, 3, "#34316f");
  const P = VIOLET[400];
  const B = INDIGO[300];
  const G = "#6ee7b7";
  const Y = "#fcd34d";
  const K = "#f9a8d4";
  mon += codeLines(
    776,
    211,
    [
      [
        0,
        [
          [5, P],
          [8, B],
          [3, K],
        ],
      ],
      [
        1,
        [
          [4, P],
          [6, Y],
          [9, "#e0e7ff"],
        ],
      ],
      [
        2,
        [
          [7, B],
          [11, G],
        ],
      ],
      [
        2,
        [
          [4, K],
          [6, Y],
          [4, B],
        ],
      ],
      [1, [[3, P]]],
      [0, []],
      [
        0,
        [
          [6, P],
          [9, B],
          [4, K],
        ],
      ],
      [
        1,
        [
          [10, G],
          [5, Y],
        ],
      ],
      [
        1,
        [
          [5, B],
          [7, "#e0e7ff"],
          [3, K],
        ],
      ],
      [0, [[3, P]]],
    ],
    21,
    8,
    8,
  );
  mon += rect(776 + 14 * 8, 358, 3, 14, 1, "#ffffff");
  b += group(mon, { filter: "url(#sh)" });
  b += rect(872, 460, 36, 40, 0, INDIGO[500]) + rect(820, 496, 140, 14, 7, INDIGO[300]);

  // Keyboard, mouse, mug with steam, notebook.
  b += rect(760, 520, 300, 22, 8, INDIGO[100]);
  for (let i = 0; i < 13; i++) b += rect(774 + i * 21.5, 525, 16, 5, 2, INDIGO[300]);
  b += rect(830, 533, 150, 5, 2.5, INDIGO[300]);
  b += `<ellipse cx="1110" cy="532" rx="20" ry="12" fill="${INDIGO[100]}"/>`;
  b += rect(470, 470, 54, 64, 12, VIOLET[400]);
  b += path("M 524 486 q 24 0 24 18 q 0 18 -24 18", "none", { stroke: VIOLET[400], "stroke-width": 8 });
  b += rect(470, 470, 54, 12, 6, VIOLET[300]);
  b += line(
    "M 486 456 q -10 -16 0 -30 q 10 -14 0 -28 M 508 456 q -10 -16 0 -30 q 10 -14 0 -28",
    "#ffffff",
    4,
    {
      opacity: 0.35,
    },
  );
  b += `<g transform="rotate(-6 330 528)">${rect(260, 514, 150, 20, 5, "#f0abfc")}${rect(266, 510, 138, 8, 3, "#fdf4ff")}</g>`;

  // Plant in a pot on the right.
  const leaf = (x: number, y: number, len: number, angle: number, color: string): string =>
    `<g transform="translate(${x} ${y}) rotate(${angle})">${path(`M 0 0 C ${len * 0.35} ${-len * 0.3} ${len * 0.75} ${-len * 0.22} ${len} 0 C ${len * 0.75} ${len * 0.22} ${len * 0.35} ${len * 0.3} 0 0 Z`, color)}${line(`M 4 0 L ${len * 0.8} 0`, "#065f46", 2.5, { opacity: 0.35 })}</g>`;
  let plant = "";
  plant += line(
    "M 1390 470 C 1388 420 1378 380 1360 330 M 1392 470 C 1396 410 1410 370 1436 330",
    "#047857",
    5,
  );
  plant += leaf(1390, 470, 120, -120, "#10b981");
  plant += leaf(1392, 460, 120, -60, "#34d399");
  plant += leaf(1386, 430, 100, -150, "#34d399");
  plant += leaf(1396, 424, 104, -30, "#10b981");
  plant += leaf(1360, 340, 84, -100, "#6ee7b7");
  plant += leaf(1436, 336, 84, -72, "#34d399");
  plant += leaf(1390, 400, 96, -86, "#10b981");
  plant += leaf(1388, 452, 90, -170, "#10b981");
  plant += leaf(1394, 448, 90, -12, "#34d399");
  plant += path(
    "M 1344 458 L 1440 458 L 1428 538 Q 1426 546 1418 546 L 1366 546 Q 1358 546 1356 538 Z",
    "url(#pot)",
  );
  plant += rect(1336, 450, 112, 18, 8, VIOLET[300]);
  b += group(plant, { transform: "translate(46 0)" });

  // Ambient floating sparkles.
  b += sparkle(600, 120, 12, VIOLET[300], { opacity: 0.7 });
  b += sparkle(1180, 80, 9, INDIGO[300], { opacity: 0.7 });
  b +=
    circle(1560, 320, 5, VIOLET[400], { opacity: 0.6 }) + circle(40, 220, 4, INDIGO[300], { opacity: 0.6 });
  return svg(W, H, defs, b);
}

// ---------------------------------------------------------------------------------------------------------
// Project fallback: a neutral browser window (1200×750)

function projectFallback(): string {
  const W = 1200;
  const H = 750;
  const defs =
    linear(
      "bg",
      [
        [0, "#e2e8f0"],
        [1, "#cbd5e1"],
      ],
      0,
      0,
      1,
      1,
    ) +
    linear(
      "hero",
      [
        [0, "#e2e8f0"],
        [1, "#cbd5e1"],
      ],
      0,
      0,
      1,
      1,
    ) +
    shadowFilter("sh", 24, 20, "#0f172a", 0.18);
  let b = rect(0, 0, W, H, 0, "url(#bg)");
  b +=
    circle(1080, 110, 200, "#f1f5f9", { opacity: 0.6 }) + circle(110, 690, 170, "#94a3b8", { opacity: 0.18 });
  const frame = browserFrame(
    150,
    90,
    900,
    620,
    {
      frame: "#ffffff",
      bar: "#f1f5f9",
      address: "#e2e8f0",
      dots: ["#cbd5e1", "#cbd5e1", "#cbd5e1"],
    },
    "sh",
  );
  b += frame.svg;
  const t = frame.contentTop;
  // Nav bar.
  b += rect(190, t + 30, 40, 40, 12, INDIGO[400], { opacity: 0.85 });
  b += rect(246, t + 44, 110, 12, 6, "#cbd5e1");
  for (let i = 0; i < 3; i++) b += rect(760 + i * 86, t + 44, 64, 12, 6, "#e2e8f0");
  // Image placeholder with mountains and a sun.
  let hero = rect(190, t + 100, 820, 280, 0, "url(#hero)");
  hero += circle(770, t + 170, 32, "#f8fafc");
  hero += path(
    `M 190 ${t + 380} L 400 ${t + 220} L 540 ${t + 320} L 650 ${t + 250} L 1010 ${t + 380} Z`,
    "#94a3b8",
    { opacity: 0.55 },
  );
  hero += path(`M 190 ${t + 380} L 300 ${t + 300} L 420 ${t + 380} Z`, "#64748b", { opacity: 0.35 });
  b += `<clipPath id="heroClip">${rect(190, t + 100, 820, 280, 18, "#000")}</clipPath>`;
  b += group(hero, { "clip-path": "url(#heroClip)" });
  // Text lines and cards.
  b +=
    rect(190, t + 410, 360, 18, 9, "#cbd5e1") +
    rect(190, t + 442, 520, 12, 6, "#e2e8f0") +
    rect(190, t + 466, 460, 12, 6, "#e2e8f0");
  b +=
    rect(190, t + 500, 150, 44, 22, INDIGO[500], { opacity: 0.85 }) +
    rect(356, t + 500, 130, 44, 22, "#ffffff", { stroke: "#cbd5e1", "stroke-width": 2 });
  b += rect(760, t + 410, 250, 134, 16, "#f8fafc", { stroke: "#e2e8f0", "stroke-width": 2 });
  b +=
    circle(800, t + 452, 20, "#e2e8f0") +
    rect(832, t + 444, 140, 14, 7, "#e2e8f0") +
    rect(784, t + 494, 200, 10, 5, "#e2e8f0") +
    rect(784, t + 514, 150, 10, 5, "#e2e8f0");
  return svg(W, H, defs, b);
}

// ---------------------------------------------------------------------------------------------------------
// Sample project 1: e-commerce storefront (sky blue and coral)

function sampleStorefront(): string {
  const W = 1200;
  const H = 750;
  const defs =
    linear(
      "bg",
      [
        [0, "#cffafe"],
        [1, "#93c5fd"],
      ],
      0,
      0,
      1,
      1,
    ) +
    linear(
      "banner",
      [
        [0, "#0ea5e9"],
        [1, "#2563eb"],
      ],
      0,
      0,
      1,
      1,
    ) +
    shadowFilter("sh", 26, 22, "#0c4a6e", 0.25) +
    shadowFilter("card", 8, 6, "#0c4a6e", 0.12);
  const ink = "#0f172a";
  const coral = "#fb7185";
  let b = rect(0, 0, W, H, 0, "url(#bg)");
  b +=
    circle(80, 90, 150, "#ffffff", { opacity: 0.35 }) + circle(1150, 700, 220, "#ffffff", { opacity: 0.3 });
  const frame = browserFrame(
    100,
    70,
    1000,
    740,
    {
      frame: "#ffffff",
      bar: "#f0f9ff",
      address: "#e0f2fe",
      dots: ["#fb7185", "#fbbf24", "#34d399"],
    },
    "sh",
  );
  b += frame.svg;
  const t = frame.contentTop;
  // Header: logo (a bag), nav, search, cart with a badge.
  b += rect(136, t + 24, 44, 44, 12, coral);
  b += rect(147, t + 38, 22, 20, 4, "#ffffff") + line(`M 151 ${t + 38} q 7 -14 14 0`, "#ffffff", 3.5);
  b += rect(196, t + 40, 90, 12, 6, ink, { opacity: 0.8 });
  for (let i = 0; i < 4; i++) b += rect(350 + i * 84, t + 40, 60, 12, 6, "#cbd5e1");
  b += rect(720, t + 26, 240, 40, 20, "#f1f5f9");
  b +=
    circle(746, t + 45, 8, "none", { stroke: "#94a3b8", "stroke-width": 3 }) +
    line(`M 752 ${t + 51} l 6 6`, "#94a3b8", 3);
  b += line(`M 994 ${t + 34} l 6 0 l 6 24 l 22 0 l 4 -16 l -28 0`, ink, 3.5);
  b += circle(1010, t + 64, 3.5, ink) + circle(1026, t + 64, 3.5, ink);
  b += circle(1036, t + 32, 10, coral) + circle(1036, t + 32, 3, "#ffffff");
  // Hero banner with a sale pill, text bars, button and a product (sneaker-like shoe).
  const by = t + 90;
  b += rect(136, by, 928, 230, 24, "url(#banner)");
  b +=
    circle(920, by + 118, 150, "#ffffff", { opacity: 0.1 }) +
    circle(1010, by + 40, 60, "#ffffff", { opacity: 0.08 });
  b += rect(176, by + 38, 90, 26, 13, coral);
  b +=
    rect(176, by + 82, 340, 26, 13, "#ffffff") +
    rect(176, by + 120, 260, 26, 13, "#ffffff", { opacity: 0.85 });
  b += rect(176, by + 164, 150, 44, 22, "#ffffff") + rect(206, by + 181, 90, 10, 5, "#0284c7");
  // Shoe.
  const sx = 770;
  const sy = by + 160;
  b += `<ellipse cx="${sx + 110}" cy="${sy + 42}" rx="150" ry="12" fill="#0c4a6e" opacity="0.25"/>`;
  b += path(
    `M ${sx - 20} ${sy + 30} C ${sx - 20} ${sy - 10} ${sx} ${sy - 40} ${sx + 40} ${sy - 50} C ${sx + 70} ${sy - 56} ${sx + 80} ${sy - 30} ${sx + 110} ${sy - 20} C ${sx + 160} ${sy - 4} ${sx + 240} ${sy - 4} ${sx + 250} ${sy + 24} L ${sx + 250} ${sy + 30} Z`,
    coral,
  );
  b += rect(sx - 24, sy + 24, 278, 18, 9, "#ffffff");
  b += path(
    `M ${sx + 40} ${sy - 50} C ${sx + 70} ${sy - 56} ${sx + 80} ${sy - 30} ${sx + 110} ${sy - 20} L ${sx + 92} ${sy + 6} L ${sx + 30} ${sy - 6} Z`,
    "#fda4af",
  );
  b += line(
    `M ${sx + 60} ${sy - 26} l 18 8 M ${sx + 54} ${sy - 12} l 18 8 M ${sx + 48} ${sy + 2} l 18 8`,
    "#ffffff",
    4,
  );
  b += line(
    `M ${sx + 140} ${sy + 12} C ${sx + 170} ${sy - 10} ${sx + 200} ${sy - 4} ${sx + 230} ${sy + 14}`,
    "#ffffff",
    5,
    { opacity: 0.7 },
  );
  // Product grid.
  const tiles = ["#e0f2fe", "#ffe4e6", "#fef3c7", "#dcfce7"];
  const gy = by + 262;
  for (let i = 0; i < 4; i++) {
    const x = 136 + i * 238;
    let card = rect(x, gy, 214, 300, 18, "#ffffff", { stroke: "#e2e8f0", "stroke-width": 2 });
    card += rect(x + 12, gy + 12, 190, 150, 12, tiles[i] ?? "#f1f5f9");
    const cx = x + 107;
    const cy = gy + 88;
    if (i === 0) {
      // Headphones.
      card += line(
        `M ${cx - 40} ${cy + 14} L ${cx - 40} ${cy - 4} A 40 40 0 0 1 ${cx + 40} ${cy - 4} L ${cx + 40} ${cy + 14}`,
        "#0369a1",
        8,
      );
      card += rect(cx - 54, cy + 2, 26, 44, 10, "#0ea5e9") + rect(cx + 28, cy + 2, 26, 44, 10, "#0ea5e9");
    } else if (i === 1) {
      // Watch.
      card += rect(cx - 18, cy - 56, 36, 112, 10, "#fda4af");
      card += circle(cx, cy, 34, "#ffffff", { stroke: coral, "stroke-width": 8 });
      card += line(`M ${cx} ${cy} L ${cx} ${cy - 18} M ${cx} ${cy} L ${cx + 14} ${cy + 6}`, "#be123c", 4);
    } else if (i === 2) {
      // Tote bag.
      card += line(
        `M ${cx - 22} ${cy - 24} C ${cx - 22} ${cy - 60} ${cx + 22} ${cy - 60} ${cx + 22} ${cy - 24}`,
        "#b45309",
        7,
      );
      card += path(
        `M ${cx - 52} ${cy - 28} L ${cx + 52} ${cy - 28} L ${cx + 44} ${cy + 50} L ${cx - 44} ${cy + 50} Z`,
        "#f59e0b",
      );
      card += circle(cx, cy + 8, 12, "#fde68a");
    } else {
      // Sunglasses.
      card += circle(cx - 32, cy + 4, 26, "#15803d") + circle(cx + 32, cy + 4, 26, "#15803d");
      card += line(
        `M ${cx - 10} ${cy} Q ${cx} ${cy - 10} ${cx + 10} ${cy} M ${cx - 58} ${cy - 4} L ${cx - 72} ${cy - 12} M ${cx + 58} ${cy - 4} L ${cx + 72} ${cy - 12}`,
        "#166534",
        6,
      );
      card += path(`M ${cx - 46} ${cy - 6} q 8 -10 20 -8`, "none", {
        stroke: "#ffffff",
        "stroke-width": 4,
        "stroke-linecap": "round",
        opacity: 0.6,
      });
    }
    if (i === 1) card += rect(x + 24, gy + 24, 48, 22, 11, coral);
    card +=
      rect(x + 16, gy + 180, 130, 12, 6, ink, { opacity: 0.75 }) +
      rect(x + 16, gy + 202, 90, 10, 5, "#cbd5e1");
    card += rect(x + 16, gy + 236, 64, 26, 13, "#ffe4e6") + rect(x + 28, gy + 245, 40, 8, 4, "#e11d48");
    card +=
      circle(x + 178, gy + 249, 20, "#0ea5e9") +
      line(`M ${x + 178} ${gy + 241} l 0 16 M ${x + 170} ${gy + 249} l 16 0`, "#ffffff", 3.5);
    b += group(card, { filter: "url(#card)" });
  }
  return svg(W, H, defs, b);
}

// ---------------------------------------------------------------------------------------------------------
// Sample project 2: analytics dashboard (dark navy and emerald)

function sampleDashboard(): string {
  const W = 1200;
  const H = 750;
  const green = "#42d392";
  const teal = "#22d3ee";
  const amber = "#fbbf24";
  const panel = "#16213a";
  const line2 = "#24324f";
  const defs =
    linear(
      "bg",
      [
        [0, "#0b1324"],
        [1, "#12233f"],
      ],
      0,
      0,
      1,
      1,
    ) +
    linear("area", [
      [0, green, 0.45],
      [1, green, 0],
    ]) +
    linear("area2", [
      [0, teal, 0.25],
      [1, teal, 0],
    ]) +
    shadowFilter("sh", 28, 24, "#000000", 0.45);
  let b = rect(0, 0, W, H, 0, "url(#bg)");
  b += circle(1100, 80, 240, green, { opacity: 0.08 }) + circle(60, 720, 220, teal, { opacity: 0.07 });
  b += rect(80, 64, 1040, 760, 24, "#0f1a2e", { filter: "url(#sh)", stroke: "#22304d", "stroke-width": 1.5 });
  // Sidebar.
  b += path("M 80 88 Q 80 64 104 64 L 260 64 L 260 824 L 80 824 Z", "#0c1526");
  b +=
    rect(108, 94, 40, 40, 12, green) +
    path("M 116 104 L 128 126 L 140 104", "none", {
      stroke: "#0c1526",
      "stroke-width": 5,
      "stroke-linejoin": "round",
      "stroke-linecap": "round",
    });
  b += rect(160, 108, 70, 12, 6, "#e2e8f0", { opacity: 0.8 });
  for (let i = 0; i < 6; i++) {
    const y = 170 + i * 52;
    if (i === 1) b += rect(96, y - 12, 148, 42, 12, green, { opacity: 0.14 });
    b += rect(112, y, 18, 18, 5, i === 1 ? green : "#3b4b6b");
    b += rect(142, y + 4, 70 + ((i * 23) % 30), 10, 5, i === 1 ? green : "#3b4b6b");
  }
  // Top bar.
  b +=
    rect(292, 92, 260, 40, 20, panel) + circle(316, 112, 7, "none", { stroke: "#4b5b7b", "stroke-width": 3 });
  b +=
    rect(904, 96, 110, 32, 16, panel) +
    circle(1060, 112, 20, "#6366f1") +
    circle(1060, 106, 7, "#c7d2fe") +
    path("M 1046 124 q 14 -16 28 0", "#c7d2fe");
  // KPI cards with sparklines.
  const kpis: [string, string][] = [
    [green, "M 0 30 L 22 22 L 44 26 L 66 12 L 88 16 L 110 4"],
    [teal, "M 0 26 L 22 30 L 44 18 L 66 22 L 88 8 L 110 12"],
    [amber, "M 0 8 L 22 14 L 44 10 L 66 22 L 88 18 L 110 28"],
  ];
  kpis.forEach(([c, d], i) => {
    const x = 292 + i * 276;
    b += rect(x, 156, 256, 116, 18, panel);
    b += rect(x + 22, 178, 36, 36, 10, c, { opacity: 0.18 }) + circle(x + 40, 196, 7, c);
    b += rect(x + 22, 228, 90, 20, 6, "#e2e8f0") + rect(x + 72, 184, 60, 10, 5, "#3b4b6b");
    b += `<g transform="translate(${x + 128} 214)">${line(d, c, 4)}</g>`;
    b += rect(x + 122, 248, 40, 14, 7, c, { opacity: 0.2 });
  });
  // Main area chart.
  b += rect(292, 296, 532, 300, 18, panel);
  b += rect(316, 318, 140, 14, 7, "#e2e8f0", { opacity: 0.85 });
  b +=
    rect(700, 316, 48, 20, 10, green, { opacity: 0.2 }) +
    rect(756, 316, 48, 20, 10, "#3b4b6b", { opacity: 0.6 });
  for (let i = 0; i < 5; i++) b += rect(316, 370 + i * 48, 484, 2, 1, line2);
  const pts: [number, number][] = [
    [316, 520],
    [370, 500],
    [424, 510],
    [478, 462],
    [532, 474],
    [586, 420],
    [640, 436],
    [694, 392],
    [748, 400],
    [800, 360],
  ];
  const pts2: [number, number][] = [
    [316, 548],
    [370, 540],
    [424, 530],
    [478, 536],
    [532, 510],
    [586, 516],
    [640, 490],
    [694, 500],
    [748, 470],
    [800, 476],
  ];
  const smooth = (p: [number, number][]): string => {
    let d = `M ${p[0]?.[0]} ${p[0]?.[1]}`;
    for (let i = 1; i < p.length; i++) {
      const [x0, y0] = p[i - 1] ?? [0, 0];
      const [x1, y1] = p[i] ?? [0, 0];
      const mx = (x0 + x1) / 2;
      d += ` C ${mx} ${y0} ${mx} ${y1} ${x1} ${y1}`;
    }
    return d;
  };
  b +=
    path(`${smooth(pts2)} L 800 570 L 316 570 Z`, "url(#area2)") +
    line(smooth(pts2), teal, 3, { opacity: 0.9 });
  b += path(`${smooth(pts)} L 800 570 L 316 570 Z`, "url(#area)") + line(smooth(pts), green, 4);
  b += line("M 694 392 L 694 570", green, 2, { "stroke-dasharray": "4 6", opacity: 0.6 });
  b += circle(694, 392, 9, "#0f1a2e", { stroke: green, "stroke-width": 4 });
  b +=
    rect(640, 340, 108, 34, 10, "#0b1324", { stroke: "#2c3b5b", "stroke-width": 1.5 }) +
    rect(654, 352, 56, 10, 5, green);
  // Donut chart with a legend.
  b += rect(844, 296, 256, 300, 18, panel);
  b += rect(866, 318, 100, 14, 7, "#e2e8f0", { opacity: 0.85 });
  const C = 2 * Math.PI * 62;
  const seg = (len: number, off: number, c: string): string =>
    circle(972, 436, 62, "none", {
      stroke: c,
      "stroke-width": 26,
      "stroke-dasharray": `${len * C - 6} ${C}`,
      "stroke-dashoffset": -off * C,
      transform: "rotate(-90 972 436)",
    });
  b += seg(0.52, 0, green) + seg(0.3, 0.52, teal) + seg(0.18, 0.82, amber);
  b += circle(972, 436, 30, "#1d2a47");
  [green, teal, amber].forEach((c, i) => {
    const x = 868 + i * 74;
    b += circle(x + 6, 546, 6, c) + rect(x + 18, 541, 40, 10, 5, "#3b4b6b");
  });
  // Bar chart.
  b += rect(292, 616, 808, 200, 18, panel);
  b += rect(316, 638, 120, 14, 7, "#e2e8f0", { opacity: 0.85 });
  const bars = [52, 74, 60, 96, 82, 110, 70, 88, 120, 64, 100, 116, 78, 92, 104, 86];
  bars.forEach((h, i) => {
    const x = 320 + i * 48;
    b += rect(x, 760 - h * 0.9, 16, h * 0.9, 6, i % 4 === 3 ? green : "#2b3c60");
    b += rect(x + 20, 760 - h * 0.55, 10, h * 0.55, 5, teal, { opacity: 0.55 });
  });
  return svg(W, H, defs, b);
}

// ---------------------------------------------------------------------------------------------------------
// Sample project 3: kanban task planner (cream and Svelte orange)

function sampleKanban(): string {
  const W = 1200;
  const H = 750;
  const orange = "#ff5a1f";
  const defs =
    linear(
      "bg",
      [
        [0, "#fff7ed"],
        [1, "#fed7aa"],
      ],
      0,
      0,
      1,
      1,
    ) +
    shadowFilter("sh", 26, 22, "#7c2d12", 0.2) +
    shadowFilter("card", 5, 4, "#7c2d12", 0.1) +
    shadowFilter("lift", 18, 18, "#7c2d12", 0.28);
  let b = rect(0, 0, W, H, 0, "url(#bg)");
  b +=
    circle(1120, 90, 180, "#fdba74", { opacity: 0.35 }) + circle(70, 680, 200, "#ffffff", { opacity: 0.5 });
  const frame = browserFrame(
    90,
    64,
    1020,
    760,
    {
      frame: "#fffdfa",
      bar: "#fff1e6",
      address: "#ffe4cc",
      dots: ["#fb7185", "#fbbf24", "#34d399"],
    },
    "sh",
  );
  b += frame.svg;
  const t = frame.contentTop;
  // Board header: icon, title bar, avatar stack, add button.
  b += rect(126, t + 26, 44, 44, 12, orange);
  b +=
    rect(133, t + 35, 8, 24, 3, "#ffffff") +
    rect(144, t + 35, 8, 14, 3, "#ffffff") +
    rect(155, t + 35, 8, 19, 3, "#ffffff");
  b += rect(186, t + 34, 180, 14, 7, "#1c1917", { opacity: 0.8 }) + rect(186, t + 56, 110, 10, 5, "#d6d3d1");
  const avatars = ["#f472b6", "#60a5fa", "#34d399", "#a78bfa"];
  avatars.forEach((c, i) => {
    b += circle(900 + i * 28, t + 48, 19, c, { stroke: "#fffdfa", "stroke-width": 4 });
  });
  b +=
    circle(1040, t + 48, 22, orange) + line(`M 1040 ${t + 38} l 0 20 M 1030 ${t + 48} l 20 0`, "#ffffff", 4);
  // Columns.
  const cols: {
    x: number;
    dot: string;
    cards: { label: string; lines: number; check?: number; avatar?: string; bar?: number }[];
  }[] = [
    {
      x: 126,
      dot: "#a8a29e",
      cards: [
        { label: "#a78bfa", lines: 2, avatar: "#60a5fa" },
        { label: "#2dd4bf", lines: 1, check: 2 },
        { label: "#f472b6", lines: 2, avatar: "#34d399" },
      ],
    },
    {
      x: 446,
      dot: orange,
      cards: [
        { label: orange, lines: 2, bar: 0.6, avatar: "#f472b6" },
        { label: "#a78bfa", lines: 1, bar: 0.3 },
      ],
    },
    {
      x: 766,
      dot: "#22c55e",
      cards: [
        { label: "#2dd4bf", lines: 1, check: 3 },
        { label: "#22c55e", lines: 2, avatar: "#a78bfa" },
        { label: "#fbbf24", lines: 1, check: 1 },
      ],
    },
  ];
  const cardH = (c: { lines: number; check?: number; bar?: number; avatar?: string }): number =>
    100 + c.lines * 18;
  for (const col of cols) {
    const top = t + 100;
    b += rect(col.x, top, 300, 620, 20, "#fff4ea");
    b +=
      circle(col.x + 24, top + 28, 7, col.dot) +
      rect(col.x + 40, top + 22, 90, 12, 6, "#44403c", { opacity: 0.8 });
    b +=
      rect(col.x + 250, top + 18, 30, 20, 10, "#ffe4cc") +
      rect(col.x + 258, top + 26, 14, 4, 2, "#c2410c", { opacity: 0.6 });
    let y = top + 56;
    for (const card of col.cards) {
      const h = cardH(card);
      let c = rect(col.x + 14, y, 272, h, 14, "#ffffff", { stroke: "#fde3cc", "stroke-width": 1.5 });
      c += rect(col.x + 32, y + 18, 54, 16, 8, card.label, { opacity: 0.9 });
      for (let i = 0; i < card.lines; i++)
        c += rect(col.x + 32, y + 48 + i * 18, i === card.lines - 1 ? 150 : 220, 10, 5, "#44403c", {
          opacity: i === 0 ? 0.7 : 0.35,
        });
      const fy = y + h - 28;
      if (card.bar !== undefined) {
        c +=
          rect(col.x + 32, fy - 4, 150, 8, 4, "#ffe4cc") +
          rect(col.x + 32, fy - 4, 150 * card.bar, 8, 4, orange);
      } else if (card.check !== undefined) {
        c +=
          rect(col.x + 32, fy - 10, 20, 20, 6, "#dcfce7") +
          line(`M ${col.x + 37} ${fy} l 4 4 l 7 -8`, "#16a34a", 3);
        c += rect(col.x + 60, fy - 5, 30, 10, 5, "#d6d3d1");
      } else {
        c += rect(col.x + 32, fy - 5, 60, 10, 5, "#e7e5e4");
      }
      if (card.avatar) c += circle(col.x + 258, fy, 13, card.avatar);
      b += group(c, { filter: "url(#card)" });
      y += h + 16;
    }
    if (col.x === 446) {
      // Drop target placeholder.
      b += rect(col.x + 14, y, 272, 118, 14, "#fff1e6", {
        stroke: orange,
        "stroke-width": 2.5,
        "stroke-dasharray": "10 8",
        "stroke-opacity": 0.6,
      });
    }
  }
  // A card being dragged between columns.
  const dx = 516;
  const dy = t + 470;
  let drag = rect(dx, dy, 272, 136, 14, "#ffffff", { stroke: "#fdba74", "stroke-width": 2 });
  drag += rect(dx + 18, dy + 18, 54, 16, 8, "#f472b6") + rect(dx + 78, dy + 18, 54, 16, 8, "#60a5fa");
  drag +=
    rect(dx + 18, dy + 50, 220, 10, 5, "#44403c", { opacity: 0.7 }) +
    rect(dx + 18, dy + 68, 160, 10, 5, "#44403c", { opacity: 0.35 });
  drag += rect(dx + 18, dy + 100, 150, 8, 4, "#ffe4cc") + rect(dx + 18, dy + 100, 110, 8, 4, orange);
  drag +=
    circle(dx + 232, dy + 104, 13, "#fbbf24") +
    circle(dx + 250, dy + 104, 13, "#a78bfa", { stroke: "#ffffff", "stroke-width": 3 });
  b += group(drag, { filter: "url(#lift)", transform: `rotate(-4 ${dx + 136} ${dy + 68})` });
  // Cursor (a hand-like pointer) grabbing it.
  const px = dx + 238;
  const py = dy + 26;
  b += path(
    `M ${px} ${py} L ${px} ${py + 44} L ${px + 11} ${py + 34} L ${px + 19} ${py + 52} L ${px + 27} ${py + 48} L ${px + 19} ${py + 31} L ${px + 33} ${py + 31} Z`,
    "#1c1917",
    {
      stroke: "#ffffff",
      "stroke-width": 3,
      "stroke-linejoin": "round",
    },
  );
  return svg(W, H, defs, b);
}

// ---------------------------------------------------------------------------------------------------------
// Sample project 4: fitness app on a phone (rose to orange, dark screens)

function phone(x: number, y: number, w: number, h: number, screen: string): string {
  let out = rect(x, y, w, h, 44, "#0a0a0f");
  out += rect(x + 10, y + 10, w - 20, h - 20, 36, "#111827");
  out += rect(x + w / 2 - 44, y + 22, 88, 24, 12, "#0a0a0f");
  out += screen;
  return out;
}

function ring(cx: number, cy: number, r: number, fraction: number, color: string, width: number): string {
  const C = 2 * Math.PI * r;
  return (
    circle(cx, cy, r, "none", { stroke: color, "stroke-width": width, opacity: 0.2 }) +
    circle(cx, cy, r, "none", {
      stroke: color,
      "stroke-width": width,
      "stroke-linecap": "round",
      "stroke-dasharray": `${fraction * C} ${C}`,
      transform: `rotate(-90 ${cx} ${cy})`,
    })
  );
}

function runner(cx: number, cy: number, s: number, color: string): string {
  // A running figure from strokes: head, torso, arms, legs.
  const k = s / 100;
  const p = (dx: number, dy: number): string => `${cx + dx * k} ${cy + dy * k}`;
  return (
    circle(cx + 12 * k, cy - 42 * k, 11 * k, color) +
    line(
      `M ${p(6, -26)} L ${p(-6, 10)} M ${p(4, -20)} L ${p(22, -6)} L ${p(34, -18)} M ${p(4, -20)} L ${p(-14, -12)} L ${p(-26, -22)} ` +
        `M ${p(-6, 10)} L ${p(14, 26)} L ${p(8, 48)} M ${p(-6, 10)} L ${p(-18, 30)} L ${p(-38, 34)}`,
      color,
      9 * k,
    )
  );
}

function sampleFitness(): string {
  const W = 1200;
  const H = 750;
  const lime = "#a3e635";
  const pink = "#f43f5e";
  const cyan = "#22d3ee";
  const defs =
    linear(
      "bg",
      [
        [0, "#fb7185"],
        [0.55, "#f97316"],
        [1, "#fbbf24"],
      ],
      0,
      0,
      1,
      1,
    ) +
    linear(
      "hero",
      [
        [0, "#f43f5e"],
        [1, "#f97316"],
      ],
      0,
      0,
      1,
      1,
    ) +
    shadowFilter("sh", 30, 26, "#7c2d12", 0.45) +
    shadowFilter("card", 16, 12, "#7c2d12", 0.3);
  let b = rect(0, 0, W, H, 0, "url(#bg)");
  b +=
    circle(600, 380, 330, "#ffffff", { opacity: 0.12 }) + circle(600, 380, 250, "#ffffff", { opacity: 0.1 });
  b +=
    circle(100, 110, 60, "#ffffff", { opacity: 0.15 }) + circle(1110, 640, 90, "#ffffff", { opacity: 0.12 });
  for (let i = 0; i < 6; i++)
    for (let j = 0; j < 4; j++) b += circle(980 + i * 22, 90 + j * 22, 3, "#ffffff", { opacity: 0.45 });

  // Back phone (tilted): workout timer with a runner.
  const bx = 250;
  const by = 120;
  let back = "";
  back += rect(bx + 34, by + 72, 140, 12, 6, "#f8fafc", { opacity: 0.85 });
  back += ring(bx + 150, by + 250, 96, 0.68, lime, 16);
  back += runner(bx + 150, by + 254, 110, "#f8fafc");
  back +=
    rect(bx + 60, by + 380, 180, 16, 8, "#f8fafc", { opacity: 0.85 }) +
    rect(bx + 95, by + 408, 110, 10, 5, "#64748b");
  back +=
    circle(bx + 150, by + 490, 36, lime) +
    path(`M ${bx + 142} ${by + 474} L ${bx + 166} ${by + 490} L ${bx + 142} ${by + 506} Z`, "#111827");
  back += circle(bx + 70, by + 490, 24, "#1f2937") + rect(bx + 62, by + 482, 16, 16, 3, "#94a3b8");
  back +=
    circle(bx + 230, by + 490, 24, "#1f2937") +
    line(`M ${bx + 222} ${by + 490} l 16 0 M ${bx + 230} ${by + 482} l 0 16`, "#94a3b8", 4);
  b += group(phone(bx, by, 300, 600, back), {
    filter: "url(#sh)",
    transform: `rotate(-10 ${bx + 150} ${by + 300})`,
  });

  // Front phone: activity rings, stats, weekly bars, tab bar.
  const fx = 520;
  const fy = 70;
  let front = "";
  front +=
    rect(fx + 34, fy + 74, 44, 44, 22, "#fda4af") +
    circle(fx + 56, fy + 90, 9, "#7f1d1d") +
    path(`M ${fx + 42} ${fy + 112} q 14 -18 28 0`, "#7f1d1d");
  front +=
    rect(fx + 92, fy + 78, 110, 12, 6, "#f8fafc", { opacity: 0.9 }) +
    rect(fx + 92, fy + 100, 70, 10, 5, "#64748b");
  front += circle(fx + 286, fy + 96, 20, "#1f2937") + circle(fx + 292, fy + 88, 5, pink);
  front += rect(fx + 30, fy + 140, 280, 210, 26, "#1f2937");
  front +=
    ring(fx + 120, fy + 245, 74, 0.78, pink, 16) +
    ring(fx + 120, fy + 245, 52, 0.62, lime, 16) +
    ring(fx + 120, fy + 245, 30, 0.88, cyan, 16);
  [pink, lime, cyan].forEach((c, i) => {
    front +=
      circle(fx + 222, fy + 200 + i * 42, 6, c) +
      rect(fx + 236, fy + 194 + i * 42, 52, 12, 6, "#f8fafc", { opacity: 0.85 });
    front += rect(fx + 236, fy + 212 + i * 42, 34, 8, 4, "#64748b");
  });
  // Stat tiles: flame, heart, footsteps.
  const tiles: [string, string][] = [
    [pink, `M 0 14 C -12 6 -10 -6 -2 -16 C -2 -8 4 -6 6 -10 C 12 -2 12 10 0 14 Z`],
    [lime, `M 0 12 L -12 0 C -18 -8 -8 -18 0 -8 C 8 -18 18 -8 12 0 Z`],
    [
      cyan,
      `M -8 -12 C -2 -12 -2 2 -8 2 C -13 2 -13 -12 -8 -12 Z M 6 -2 C 12 -2 12 12 6 12 C 1 12 1 -2 6 -2 Z`,
    ],
  ];
  tiles.forEach(([c, d], i) => {
    const x = fx + 30 + i * 96;
    front += rect(x, fy + 366, 88, 96, 20, "#1f2937");
    front += `<g transform="translate(${x + 44} ${fy + 398})">${circle(0, 0, 22, c, { opacity: 0.18 })}${path(d, c)}</g>`;
    front +=
      rect(x + 18, fy + 430, 52, 10, 5, "#f8fafc", { opacity: 0.85 }) +
      rect(x + 26, fy + 446, 36, 6, 3, "#64748b");
  });
  // Weekly bars.
  [0.5, 0.8, 0.4, 0.95, 0.7, 0.3, 0.6].forEach((v, i) => {
    const x = fx + 44 + i * 38;
    front +=
      rect(x, fy + 480, 14, 56, 7, "#1f2937") +
      rect(x, fy + 480 + 56 * (1 - v), 14, 56 * v, 7, i === 3 ? lime : "#f97316");
  });
  // Tab bar.
  [0, 1, 2, 3].forEach((i) => {
    front += circle(fx + 70 + i * 66, fy + 576, i === 0 ? 8 : 6, i === 0 ? lime : "#4b5563");
  });
  b += group(phone(fx, fy, 340, 620, front), { filter: "url(#sh)" });

  // Floating heart-rate card.
  let hr = rect(900, 300, 230, 120, 24, "#ffffff");
  hr +=
    circle(936, 336, 18, "#ffe4e6") +
    path("M 936 346 L 927 337 C 922 331 930 324 936 331 C 942 324 950 331 945 337 Z", pink);
  hr += rect(964, 330, 80, 12, 6, "#0f172a", { opacity: 0.8 });
  hr += line("M 920 388 L 960 388 L 972 366 L 986 404 L 1000 376 L 1010 388 L 1106 388", pink, 4);
  b += group(hr, { filter: "url(#card)" });
  // Floating achievement badge.
  let badge = circle(160, 560, 54, "#ffffff");
  badge += circle(160, 560, 40, lime, { opacity: 0.25 });
  badge += path(
    "M 160 534 L 167 551 L 185 552 L 171 563 L 176 581 L 160 571 L 144 581 L 149 563 L 135 552 L 153 551 Z",
    "#65a30d",
  );
  b += group(badge, { filter: "url(#card)" });
  return svg(W, H, defs, b);
}

// ---------------------------------------------------------------------------------------------------------
// Share preview (1200×630) and icons

export function ogImage(): string {
  const W = 1200;
  const H = 630;
  const defs =
    linear(
      "bg",
      [
        [0, INDIGO[900]],
        [0.6, VIOLET[800]],
        [1, VIOLET[600]],
      ],
      0,
      0,
      1,
      1,
    ) +
    linear(
      "badge",
      [
        [0, INDIGO[400]],
        [1, VIOLET[600]],
      ],
      0,
      0,
      1,
      1,
    ) +
    radial("glow", [
      [0, VIOLET[400], 0.55],
      [1, VIOLET[400], 0],
    ]) +
    shadowFilter("sh", 30, 24, "#0b0a24", 0.5) +
    shadowFilter("chip", 12, 10, "#0b0a24", 0.35) +
    `<pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse">${circle(4, 4, 2.5, "#ffffff", { opacity: 0.18 })}</pattern>`;
  let b = rect(0, 0, W, H, 0, "url(#bg)");
  b += circle(600, 315, 360, "url(#glow)");
  b += rect(40, 40, 300, 200, 0, "url(#dots)") + rect(880, 400, 300, 200, 0, "url(#dots)");
  b +=
    circle(1080, 90, 150, INDIGO[500], { opacity: 0.35 }) +
    circle(110, 560, 170, VIOLET[500], { opacity: 0.3 });
  b += circle(600, 315, 250, "none", { stroke: "#ffffff", "stroke-width": 2, opacity: 0.15 });
  b += circle(600, 315, 290, "none", {
    stroke: "#ffffff",
    "stroke-width": 2,
    "stroke-dasharray": "3 14",
    "stroke-linecap": "round",
    opacity: 0.35,
  });
  b += line("M 120 350 C 200 290 260 410 340 350 C 420 290 460 380 500 360", VIOLET[300], 6, {
    opacity: 0.6,
  });
  b += line("M 760 240 C 820 200 860 280 920 240 C 980 200 1020 260 1080 230", INDIGO[300], 6, {
    opacity: 0.5,
  });
  b += `<g transform="rotate(12 600 315)">${rect(440, 155, 320, 320, 84, "none", { stroke: "#ffffff", "stroke-width": 3, opacity: 0.25 })}</g>`;
  b += group(
    rect(450, 165, 300, 300, 80, "url(#badge)") +
      rect(450, 165, 300, 300, 80, "none", { stroke: "#ffffff", "stroke-width": 3, opacity: 0.35 }),
    { filter: "url(#sh)" },
  );
  b += initials(600, 315, 128, "#ffffff");
  b += group(rect(150, 130, 140, 92, 28, "#ffffff") + codeGlyph("tag", 220, 176, 44, INDIGO[600], 8), {
    filter: "url(#chip)",
    transform: "rotate(-8 220 176)",
  });
  b += group(rect(900, 420, 140, 92, 28, "#ffffff") + codeGlyph("braces", 970, 466, 44, VIOLET[600], 8), {
    filter: "url(#chip)",
    transform: "rotate(8 970 466)",
  });
  b +=
    sparkle(880, 150, 26, "#ffffff", { opacity: 0.9 }) + sparkle(330, 490, 18, VIOLET[200], { opacity: 0.9 });
  b +=
    circle(960, 330, 10, VIOLET[300]) +
    circle(250, 300, 8, INDIGO[300]) +
    circle(1040, 560, 6, "#ffffff", { opacity: 0.7 });
  return svg(W, H, defs, b);
}

/**
 * The favicon: "MH" in a rounded indigo square. `rounded: false` fills the square and leaves more margin,
 * as iOS rounds the corners of apple-touch-icon itself.
 */
export function icon(size: number, rounded: boolean): string {
  const s = size;
  const defs = linear(
    "g",
    [
      [0, INDIGO[500]],
      [1, VIOLET[700]],
    ],
    0,
    0,
    1,
    1,
  );
  const body =
    rect(0, 0, s, s, rounded ? s * 0.22 : 0, "url(#g)") +
    initials(s / 2, s / 2, s * (rounded ? 0.4 : 0.34), "#ffffff");
  return svg(s, s, defs, body);
}

/** Wraps one PNG in a minimal ICO container (PNG-in-ICO is supported by every current browser). */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // image count
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // palette colours
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // data size
  header.writeUInt32LE(22, 18); // data offset
  return Buffer.concat([header, png]);
}

// ---------------------------------------------------------------------------------------------------------
// Rendering

interface WebpJob {
  name: string;
  draw: () => string;
  width: number;
  height: number;
  /** Extra smaller widths, written as `name-<suffix>.webp`. */
  variants: { width: number; suffix: string }[];
  alpha?: boolean;
}

export const WEBP_JOBS: WebpJob[] = [
  {
    name: "portrait",
    draw: portrait,
    width: 640,
    height: 640,
    variants: [{ width: 320, suffix: "320" }],
    alpha: true,
  },
  { name: "about", draw: about, width: 1600, height: 700, variants: [{ width: 800, suffix: "800" }] },
  {
    name: "project-fallback",
    draw: projectFallback,
    width: 1200,
    height: 750,
    variants: [{ width: 600, suffix: "600" }],
  },
  {
    name: "sample-project-1",
    draw: sampleStorefront,
    width: 1200,
    height: 750,
    variants: [{ width: 600, suffix: "600" }],
  },
  {
    name: "sample-project-2",
    draw: sampleDashboard,
    width: 1200,
    height: 750,
    variants: [{ width: 600, suffix: "600" }],
  },
  {
    name: "sample-project-3",
    draw: sampleKanban,
    width: 1200,
    height: 750,
    variants: [{ width: 600, suffix: "600" }],
  },
  {
    name: "sample-project-4",
    draw: sampleFitness,
    width: 1200,
    height: 750,
    variants: [{ width: 600, suffix: "600" }],
  },
];

const written: { file: string; bytes: number }[] = [];

async function write(file: string, data: Buffer | string): Promise<void> {
  await writeFile(file, data);
  written.push({ file: file.slice(ROOT.length + 1), bytes: Buffer.byteLength(data) });
}

/** Renders an SVG to raw pixels of exactly width×height. */
function render(source: string, width: number, height: number): Sharp {
  return sharp(Buffer.from(source)).resize(width, height);
}

async function webp(
  source: string,
  width: number,
  height: number,
  file: string,
  alpha: boolean,
): Promise<void> {
  const pipeline = alpha
    ? render(source, width, height)
    : render(source, width, height).flatten({ background: "#ffffff" });
  const data = await pipeline
    .webp({ quality: 80, alphaQuality: 90, effort: 6, smartSubsample: true, preset: "drawing" })
    .toBuffer();
  if (data.length > WEBP_BUDGET_BYTES) {
    throw new Error(`${file} is ${data.length} bytes, over the ${WEBP_BUDGET_BYTES}-byte budget`);
  }
  await write(file, data);
}

async function main(): Promise<void> {
  await mkdir(IMAGES_DIR, { recursive: true });

  for (const job of WEBP_JOBS) {
    const source = job.draw();
    await webp(source, job.width, job.height, join(IMAGES_DIR, `${job.name}.webp`), job.alpha ?? false);
    for (const variant of job.variants) {
      const height = Math.round((job.height * variant.width) / job.width);
      await webp(
        source,
        variant.width,
        height,
        join(IMAGES_DIR, `${job.name}-${variant.suffix}.webp`),
        job.alpha ?? false,
      );
    }
  }

  const og = await render(ogImage(), 1200, 630)
    .flatten({ background: INDIGO[900] })
    .png({ compressionLevel: 9, palette: true, quality: 90, dither: 0.6 })
    .toBuffer();
  await write(join(IMAGES_DIR, "og-default.png"), og);

  await write(join(PUBLIC_DIR, "favicon.svg"), `${icon(32, true)}\n`);
  const ico = await render(icon(32, true), 32, 32).png({ compressionLevel: 9 }).toBuffer();
  await write(join(PUBLIC_DIR, "favicon.ico"), pngToIco(ico, 32));
  const touch = await render(icon(180, false), 180, 180)
    .flatten({ background: INDIGO[600] })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await write(join(PUBLIC_DIR, "apple-touch-icon.png"), touch);

  for (const { file, bytes } of written)
    console.log(`${file.padEnd(44)} ${(bytes / 1024).toFixed(1).padStart(6)} kB`);
}

// Only when run as a script, so the drawings can be imported (e.g. to preview them losslessly).
if (import.meta.main) await main();
