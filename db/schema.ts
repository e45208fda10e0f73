import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Column names follow docs/product.md §3 exactly, so API rows need no renaming.

/** A tag of an article: its address (/articles/tag/{slug}) and its name in each language. */
export interface ArticleTag {
  slug: string;
  en: string;
  ar: string;
}

/**
 * What articles and projects share about their two languages: when each language's text last changed (null while
 * it has none), so the admin can tell a translation older than its original (decision 015); and the owner's own
 * search and share texts and share image per language, used instead of the derived ones when given.
 */
function translationColumns() {
  return {
    text_changed_en: timestamp("text_changed_en", { withTimezone: true, mode: "date" }),
    text_changed_ar: timestamp("text_changed_ar", { withTimezone: true, mode: "date" }),
    meta_title_en: text("meta_title_en").notNull().default(""),
    meta_title_ar: text("meta_title_ar").notNull().default(""),
    meta_description_en: text("meta_description_en").notNull().default(""),
    meta_description_ar: text("meta_description_ar").notNull().default(""),
    share_image_en: text("share_image_en"),
    share_image_ar: text("share_image_ar"),
  };
}

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default(""),
    image_url: text("image_url"),
    github_link: text("github_link"),
    live_link: text("live_link"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The Arabic texts; when empty the English is shown in Arabic too (docs/product.md §5). */
    title_ar: text("title_ar").notNull().default(""),
    description_ar: text("description_ar").notNull().default(""),
    category_ar: text("category_ar").notNull().default(""),
    /** What the image shows, for `alt` and share cards; required when there is an image. */
    image_alt_en: text("image_alt_en").notNull().default(""),
    image_alt_ar: text("image_alt_ar").notNull().default(""),
    /** Shown on the home page (in `position` order); none featured shows the newest three. */
    featured: boolean("featured").notNull().default(false),
    /** The owner's order, smallest first; a new project goes first. */
    position: integer("position").notNull().default(0),
    /** Its address in each language (decision 015): `/projects/{slug_en}`, `/ar/projects/{slug_ar}`. */
    slug_en: text("slug_en").notNull().default(""),
    slug_ar: text("slug_ar").notNull().default(""),
    ...translationColumns(),
    /** False for a draft: only the owner sees it, in the preview (docs/product.md §28). */
    published: boolean("published").notNull().default(true),
    /** The case study (docs/product.md §28): who it was for, what the owner did, when, in each language. */
    client_en: text("client_en").notNull().default(""),
    client_ar: text("client_ar").notNull().default(""),
    role_en: text("role_en").notNull().default(""),
    role_ar: text("role_ar").notNull().default(""),
    period_en: text("period_en").notNull().default(""),
    period_ar: text("period_ar").notNull().default(""),
    /** Rich text from the articles' editor, stored sanitised (decision 048). */
    problem_en: text("problem_en").notNull().default(""),
    problem_ar: text("problem_ar").notNull().default(""),
    approach_en: text("approach_en").notNull().default(""),
    approach_ar: text("approach_ar").notNull().default(""),
    outcome_en: text("outcome_en").notNull().default(""),
    outcome_ar: text("outcome_ar").notNull().default(""),
    /** Key results as short figures ("-40 % load time"), in the owner's order. */
    results_en: jsonb("results_en").$type<string[]>().notNull().default([]),
    results_ar: jsonb("results_ar").$type<string[]>().notNull().default([]),
  },
  (table) => [
    index("projects_created_at_idx").on(table.created_at.desc()),
    index("projects_position_idx").on(table.position, table.created_at.desc()),
    uniqueIndex("projects_slug_en_idx")
      .on(table.slug_en)
      .where(sql`${table.slug_en} <> ''`),
    uniqueIndex("projects_slug_ar_idx")
      .on(table.slug_ar)
      .where(sql`${table.slug_ar} <> ''`),
  ],
);

export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    title_en: text("title_en").notNull().default(""),
    title_ar: text("title_ar").notNull().default(""),
    content_en: text("content_en").notNull().default(""),
    content_ar: text("content_ar").notNull().default(""),
    excerpt_en: text("excerpt_en").notNull().default(""),
    excerpt_ar: text("excerpt_ar").notNull().default(""),
    image_url: text("image_url"),
    date: timestamp("date", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The last save; `date` stays the first publication (docs/product.md §7.6). */
    updated_at: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** What the cover shows, for `alt`; required when there is a cover (docs/product.md §5). */
    image_alt_en: text("image_alt_en").notNull().default(""),
    image_alt_ar: text("image_alt_ar").notNull().default(""),
    /**
     * False for a draft. A published article is public from `date` on: a `date` still to come is a scheduled
     * publication (docs/product.md §18).
     */
    published: boolean("published").notNull().default(true),
    /** Whether it was ever published or scheduled: `date` then stays its first publication. */
    ever_published: boolean("ever_published").notNull().default(true),
    /** The owner's own excerpts; empty means the one built from the content (excerpt_en/ar hold the result). */
    summary_en: text("summary_en").notNull().default(""),
    summary_ar: text("summary_ar").notNull().default(""),
    reading_minutes_en: integer("reading_minutes_en").notNull().default(0),
    reading_minutes_ar: integer("reading_minutes_ar").notNull().default(0),
    /** The article's tags: one slug each, shown in English and Arabic. */
    tags: jsonb("tags").$type<ArticleTag[]>().notNull().default([]),
    /**
     * Its Arabic address (decision 015); `slug` is the English one. Empty only in a row restored from a backup
     * made before it existed: the Arabic address then uses the English slug.
     */
    slug_ar: text("slug_ar").notNull().default(""),
    ...translationColumns(),
  },
  (table) => [
    index("articles_public_idx").on(table.published, table.date.desc()),
    index("articles_date_idx").on(table.date.desc()),
    index("articles_created_at_idx").on(table.created_at.desc()),
    uniqueIndex("articles_slug_ar_idx")
      .on(table.slug_ar)
      .where(sql`${table.slug_ar} <> ''`),
  ],
);

// An article's content as its page shows it (decision 011): sanitised, code highlighted, rendered when the owner
// saves and read by the page, so a server answering visitors never loads the sanitiser's DOM (jsdom). `source`
// names what it was rendered from (the content and the renderer's version); a row whose source no longer matches
// is rendered again on the next read. Derived data: not in backups, removed with its article.
export const articleRenders = pgTable(
  "article_renders",
  {
    article_id: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    language: text("language").$type<"en" | "ar">().notNull(),
    source: text("source").notNull(),
    html: text("html").notNull(),
  },
  (table) => [primaryKey({ columns: [table.article_id, table.language] })],
);

// A project's gallery (docs/product.md §28): its images in the owner's order, each described in both languages;
// removed with its project.
export const projectImages = pgTable(
  "project_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    project_id: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    alt_en: text("alt_en").notNull().default(""),
    alt_ar: text("alt_ar").notNull().default(""),
    position: integer("position").notNull().default(0),
  },
  (table) => [index("project_images_project_idx").on(table.project_id, table.position)],
);

export type ProjectImageRow = typeof projectImages.$inferSelect;

// What clients say (docs/product.md §29): recorded by the owner, or written by the client through a one-time link
// and kept pending until the owner approves it. The owner chooses which show on the home page, and their order.
export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The client's words in either language or both. */
    quote_en: text("quote_en").notNull().default(""),
    quote_ar: text("quote_ar").notNull().default(""),
    name: text("name").notNull(),
    role: text("role").notNull().default(""),
    company: text("company").notNull().default(""),
    photo_url: text("photo_url"),
    /** The project it is about, shown on that project's page; kept when the project goes (then null). */
    project_id: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** False while a client's words wait for the owner's approval. */
    approved: boolean("approved").notNull().default(true),
    show_on_home: boolean("show_on_home").notNull().default(false),
    /** The owner's order, smallest first. */
    position: integer("position").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("testimonials_order_idx").on(table.position, table.created_at.desc())],
);

// One-time links a client writes a testimonial through (docs/product.md §29.2). The link carries the row's id and
// a signature; the row says whether it was used. Kept after use so a second visit can say so.
export const testimonialLinks = pgTable("testimonial_links", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Who the owner sent it to, for the owner's list. */
  label: text("label").notNull().default(""),
  project_id: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
  expires_at: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  used_at: timestamp("used_at", { withTimezone: true, mode: "date" }),
  created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** The language the client is asked in: the link's address is /ar/testimonial/… for Arabic. */
  language: text("language", { enum: ["en", "ar"] })
    .notNull()
    .default("en"),
  /** What the client wrote through it, so the owner's list keeps who each answer came from. */
  testimonial_id: uuid("testimonial_id").references(() => testimonials.id, { onDelete: "set null" }),
});

export type TestimonialRow = typeof testimonials.$inferSelect;
export type TestimonialLinkRow = typeof testimonialLinks.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;
export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;

// The one owner's password (docs/product.md §11, decision 009): a single row, argon2id hash only, never the password.
export const ownerCredentials = pgTable(
  "owner_credentials",
  {
    id: integer("id").primaryKey().default(1),
    password_hash: text("password_hash").notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [check("owner_credentials_single_row", sql`${table.id} = 1`)],
);

// Owner sessions live in the database so several server instances share them; only the SHA-256 of the
// token is stored, so a copy of the table signs nobody in.
export const sessions = pgTable(
  "sessions",
  {
    token_hash: text("token_hash").primaryKey(),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    last_seen_at: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Where and with what the owner signed in, for the sessions list in Settings (docs/product.md §26). */
    address: text("address").notNull().default(""),
    user_agent: text("user_agent").notNull().default(""),
  },
  (table) => [index("sessions_expires_at_idx").on(table.expires_at)],
);

// Counters for rate limits and sign-in back-off, per bucket ("login", "contact", …) and client address; in
// the database, like sessions, so every instance sees the same counts.
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    hits: integer("hits").notNull().default(0),
    window_started_at: timestamp("window_started_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    blocked_until: timestamp("blocked_until", { withTimezone: true, mode: "date" }),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.key] })],
);

// Contact messages (docs/product.md §12): what visitors send, kept until the owner deletes them.
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    form_origin: text("form_origin").notNull().default(""),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    read_at: timestamp("read_at", { withTimezone: true, mode: "date" }),
    /** When the owner's e-mail notification went out; null while it is still to be sent (or off). */
    notified_at: timestamp("notified_at", { withTimezone: true, mode: "date" }),
    notify_attempts: integer("notify_attempts").notNull().default(0),
    /**
     * When the next notification attempt is due; null when none is (notifications off when it was stored,
     * sent, or given up). A sender sets it ahead before sending, so two servers never send the same one.
     */
    notify_after: timestamp("notify_after", { withTimezone: true, mode: "date" }),
    /**
     * Kept aside for the owner to review rather than in the inbox (docs/product.md §12): sent while the hourly
     * ceiling was reached, or with a render stamp that had expired or had been used by another message.
     */
    held: boolean("held").notNull().default(false),
    /** The contact page's render stamp it came with, if any: a stamp is good for one message. */
    form_stamp: text("form_stamp"),
    /**
     * Where the message came from (docs/product.md §27): the path of the page the visitor entered the site on, and
     * of the page they read last before writing; null when the browser did not say. Paths only, nothing else.
     */
    entry_path: text("entry_path"),
    from_path: text("from_path"),
    /**
     * When the owner was e-mailed a notice counting this held message (at most one notice an hour, so a real
     * visitor's message held during a flood still reaches the owner); null while it is still to be counted.
     */
    held_noticed_at: timestamp("held_noticed_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("messages_form_stamp_idx")
      .on(table.form_stamp)
      .where(sql`${table.form_stamp} is not null`),
    index("messages_created_at_idx").on(table.created_at.desc()),
    index("messages_notify_after_idx")
      .on(table.notify_after)
      .where(sql`${table.notified_at} is null and ${table.notify_after} is not null`),
    // The held messages no notice has counted yet, and when the last notice went out.
    index("messages_held_unnoticed_idx")
      .on(table.created_at)
      .where(sql`${table.held} and ${table.held_noticed_at} is null`),
    index("messages_held_noticed_at_idx").on(table.held_noticed_at),
    // The inbox's pages, newest first, and its unread ones and their count (docs/product.md §21).
    index("messages_newest_idx").on(table.created_at.desc(), table.id.desc()),
    index("messages_unread_idx")
      .on(table.created_at.desc(), table.id.desc())
      .where(sql`${table.read_at} is null`),
  ],
);

// Contact posts answered like a success but not kept, because a robot gave itself away (docs/product.md §12):
// how many for each reason, and the last time, for the owner's inbox.
export const contactDrops = pgTable("contact_drops", {
  /** One of CONTACT_DROP_REASONS (core/contact.ts). */
  reason: text("reason").primaryKey(),
  count: integer("count").notNull().default(0),
  last_at: timestamp("last_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export type SessionRow = typeof sessions.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

// The owner's edits of the site's settings (docs/product.md §17): one row holding only the fields that differ
// from config/site.ts, so a field never edited follows the defaults.
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    overrides: jsonb("overrides").notNull().default({}),
    updated_at: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [check("site_settings_single_row", sql`${table.id} = 1`)],
);

// The owner's CV (docs/product.md §32): one row holding the document core/cv.ts checks (the sections only a CV
// needs and the choice of what appears); absent until the owner first saves it.
export const cvDocument = pgTable(
  "cv_document",
  {
    id: integer("id").primaryKey().default(1),
    document: jsonb("document").notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [check("cv_document_single_row", sql`${table.id} = 1`)],
);

// The responsive variants of each upload (docs/product.md §13, decision 010): written when the file is
// stored, read by the pages that show it, removed with it.
export const imageVariants = pgTable("image_variants", {
  url: text("url").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  widths: jsonb("widths").$type<number[]>().notNull().default([]),
  placeholder: text("placeholder").notNull().default(""),
  created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export type ImageVariantsRow = typeof imageVariants.$inferSelect;

// Uploads whose variants are still to be made (docs/product.md §13, decision 010): one row per upload, written with
// it and removed once its variants are recorded (or with the upload). An instance claims a row by moving
// `run_after` past the time its work can take, so a crashed instance's row is taken up again later.
export const variantJobs = pgTable("variant_jobs", {
  url: text("url").primaryKey(),
  run_after: timestamp("run_after", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  attempts: integer("attempts").notNull().default(0),
  created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** The process working on the job ("host pid"), while its claim lasts: a restart takes up a dead one's at once. */
  claimed_by: text("claimed_by"),
});

// The audit log (docs/product.md §26): security events and the owner's actions, one row each, never a secret
// (no password, token, code or message text), pruned after AUDIT_RETENTION_DAYS.
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** What happened: one of AUDIT_ACTIONS (core/audit.ts). */
    action: text("action").notNull(),
    /** What it concerned, for the owner to recognise: a title, a file name, a settings section. */
    subject: text("subject").notNull().default(""),
    /** The client address (the owner's or an attacker's) and its browser, as the request gave them. */
    address: text("address").notNull().default(""),
    device: text("device").notNull().default(""),
    request_id: text("request_id").notNull().default(""),
  },
  (table) => [
    index("audit_events_at_idx").on(table.at.desc()),
    index("audit_events_action_idx").on(table.action, table.at.desc()),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
// Secrets the server makes for itself, one row per purpose, shared by every instance (docs/product.md §25: the
// key that signs the contact form's render time). Made on first use; never sent to anyone, never in a backup.
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
// The owner's second factors (docs/product.md §22, decision 023): an authenticator app (TOTP), passkeys and
// one-time recovery codes. When any factor exists, sign-in needs one after the password.
export const ownerTotp = pgTable(
  "owner_totp",
  {
    id: integer("id").primaryKey().default(1),
    /** Base32, as the authenticator app holds it. */
    secret: text("secret").notNull(),
    /** The time step of the last code accepted: a code is good once, and never one older than it. */
    last_step: bigint("last_step", { mode: "number" }),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [check("owner_totp_single_row", sql`${table.id} = 1`)],
);

export const ownerPasskeys = pgTable("owner_passkeys", {
  /** The credential's id, base64url. */
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** The COSE public key, base64url. */
  public_key: text("public_key").notNull(),
  counter: bigint("counter", { mode: "number" }).notNull().default(0),
  transports: jsonb("transports").$type<string[]>().notNull().default([]),
  created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  last_used_at: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
});

/** Only the SHA-256 of each code is kept; a code is deleted when it is used. */
export const ownerRecoveryCodes = pgTable("owner_recovery_codes", {
  code_hash: text("code_hash").primaryKey(),
  created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * Short-lived steps of the owner's sign-in and factor setup, in the database so that any instance can finish
 * what another began: the step between password and second factor, WebAuthn challenges, a TOTP secret awaiting
 * its first code. `id` is a hash or a random challenge, never a token itself.
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose").notNull(),
    value: text("value"),
    attempts: integer("attempts").notNull().default(0),
    expires_at: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("auth_challenges_expires_at_idx").on(table.expires_at)],
);

// Every slug an item had before its current ones, in either language, once it had been public (decision 015): its
// old addresses answer 301 to the current one, and 410 once the item is deleted. `kind` names the item's table
// ("articles", "projects"); `item_id` is kept when the item goes, so its addresses can say it is gone.
export const slugHistory = pgTable(
  "slug_history",
  {
    kind: text("kind").notNull(),
    language: text("language").$type<"en" | "ar">().notNull(),
    slug: text("slug").notNull(),
    item_id: uuid("item_id").notNull(),
    retired_at: timestamp("retired_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.language, table.slug] }),
    index("slug_history_item_idx").on(table.kind, table.item_id),
  ],
);

// Visits to public pages (docs/product.md §27, decision 045): daily counts, one row per day and figure, added to
// in batches by every instance. No address, user agent or identifier of a visitor is kept.
export const visitCounts = pgTable(
  "visit_counts",
  {
    /** The day in the site's time zone. */
    day: date("day", { mode: "string" }).notNull(),
    /** What `key` is: one of VISIT_KINDS (core/visits.ts): a page's path, a language, a device class, a source, a referring host. */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    views: integer("views").notNull().default(0),
  },
  // By kind first: each figure of a range (a few rows a day, or a page's) is one range of the index.
  (table) => [primaryKey({ columns: [table.kind, table.day, table.key] })],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

// The site's search (docs/product.md §30): one row per public item and language its text exists in, written in the
// same transaction as the item (server/kernel/search-index.ts), so a saved item is found at once on every
// instance. Derived data: not in backups, rebuilt after a restore and whenever it lags behind its items.
export const searchDocuments = pgTable(
  "search_documents",
  {
    kind: text("kind").$type<"article" | "project">().notNull(),
    item_id: uuid("item_id").notNull(),
    language: text("language").$type<"en" | "ar">().notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** The item's text as plain text, for the excerpt around what a search found. */
    body: text("body").notNull().default(""),
    /** The article's publication (a later one is not public yet), the project's creation: results show it. */
    date: timestamp("date", { withTimezone: true, mode: "date" }).notNull(),
    published: boolean("published").notNull(),
    /** The normaliser's version the row was written with: a row of an older one is written again. */
    version: integer("version").notNull(),
    /** Title (A), tags and excerpt (B), the rest (D), normalised (core/search-text.ts) and stemmed. */
    terms: tsvector("terms").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.item_id, table.language] }),
    index("search_documents_terms_idx").using("gin", table.terms),
  ],
);

export type SearchDocumentRow = typeof searchDocuments.$inferSelect;
// What an import brought in (docs/product.md §31): the source's own id of each item, so importing the same source
// again updates the item it made instead of making a second one. `source` names the kind of source and the site
// it came from ("wordpress:https://old.example.com", "ghost", "markdown", "sira").
export const importedItems = pgTable(
  "imported_items",
  {
    source: text("source").notNull(),
    source_id: text("source_id").notNull(),
    /** "articles", or "images" for a picture the import stored. */
    kind: text("kind").notNull(),
    /** The item's id; for an image, its stored address. */
    item_id: text("item_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.source_id] })],
);

// Addresses an imported item had on the site it came from (`/2023/05/my-post/`, `/posts/my-post/`): each answers
// 301 to the item's address here in `language` (docs/product.md §31). The path is kept without its trailing slash.
export const oldAddresses = pgTable("old_addresses", {
  path: text("path").primaryKey(),
  kind: text("kind").notNull(),
  language: text("language").$type<"en" | "ar">().notNull(),
  item_id: uuid("item_id").notNull(),
});
