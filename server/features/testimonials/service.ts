import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { isUuid } from "#core/ids.ts";
import type { Database } from "#db/client.ts";
import type { TestimonialInput, TestimonialLinkInput, TestimonialSubmission } from "#db/inputs.ts";
import { serializeRow, type Testimonial } from "#db/records.ts";
import { projects, testimonialLinks, testimonials, type TestimonialLinkRow } from "#db/schema.ts";
import { ServiceError } from "#server/http/errors.ts";
import { addressGroup } from "#server/http/client-address.ts";
import type { RateLimits } from "#server/kernel/rate-limits.ts";
import { matchingTexts } from "#server/kernel/search-index.ts";
import { serverSecret } from "#server/kernel/server-secrets.ts";
import type { Uploads } from "#server/features/uploads/service.ts";

// Testimonials (docs/product.md §29): the owner records, edits, orders, approves and features them; a client writes
// one through a one-time link. A link is `{id}.{expiry}.{signature}`: the signature (HMAC-SHA256 with a key the
// server keeps, kernel/server-secrets.ts) proves the server made it and when it expires without a read; the row says
// whether it was used. A forged, expired or used link stores nothing.

const OWNER_ORDER = [
  asc(testimonials.position),
  desc(testimonials.created_at),
  asc(testimonials.id),
] as const;
/** How many testimonials the home page shows at most. */
export const HOME_TESTIMONIALS_MAX = 6;
/** The contact form's allowance (docs/product.md §25), in a bucket of its own. */
const SUBMIT_LIMIT = { bucket: "testimonial", windowMs: 60 * 60 * 1000, max: 5 };
const LINK = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export type LinkState = "ok" | "invalid" | "expired" | "used";

/** A one-time link in the owner's list (GET /api/testimonials/links). */
export interface TestimonialLinkItem {
  id: string;
  /** Who the owner made it for, kept after the client answers. */
  label: string;
  language: "en" | "ar";
  project_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  state: "open" | "used" | "expired";
  /** The address's last part, while the link is open. */
  token: string | null;
  /** The name the client wrote under, once answered (while that testimonial exists). */
  answered_by: string | null;
}

export interface TestimonialDeps {
  db: Database;
  now: () => Date;
  rateLimits: Pick<RateLimits, "hit">;
  uploads: Pick<Uploads, "requireStored" | "removeUnused">;
  contentChanged: () => void;
}

async function findTestimonial(db: Database, id: string) {
  if (!isUuid(id)) throw new ServiceError(404, "testimonialNotFound");
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id)).limit(1);
  if (!row) throw new ServiceError(404, "testimonialNotFound");
  return row;
}

/** The project a testimonial is about must exist: a refusal under its field rather than the database's. */
async function requireProject(db: Database, projectId: string | null) {
  if (projectId === null) return;
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) throw new ServiceError(422, "projectNotFound", { path: "project_id" });
}

export function createTestimonials(deps: TestimonialDeps) {
  const { db, now } = deps;
  const key = serverSecret(db, "testimonial-links");
  const sign = async (payload: string) =>
    createHmac("sha256", await key())
      .update(payload)
      .digest("base64url");
  const changed = <T>(value: T) => {
    deps.contentChanged();
    return value;
  };
  const approved = (extra = sql`true`) =>
    db
      .select()
      .from(testimonials)
      .where(and(eq(testimonials.approved, true), extra))
      .orderBy(...OWNER_ORDER);

  /** What a link says of itself: its row's id when it is good, or why it is not. */
  async function checkLink(token: string): Promise<{ state: LinkState; id: string | null }> {
    const match = LINK.exec(token);
    if (!match) return { state: "invalid", id: null };
    const [, id, expiry] = match;
    const expected = Buffer.from(await sign(`${id}.${expiry}`));
    if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return { state: "invalid", id: null };
    if (Number(expiry) * 1000 <= now().getTime()) return { state: "expired", id: null };
    const [row] = await db.select().from(testimonialLinks).where(eq(testimonialLinks.id, id!)).limit(1);
    if (!row) return { state: "invalid", id: null };
    if (row.used_at) return { state: "used", id: null };
    return { state: "ok", id: id! };
  }

  /** A link as the owner's list shows it; the token only while the link can still be used. */
  async function describeLink(
    link: TestimonialLinkRow,
    answeredBy: string | null,
  ): Promise<TestimonialLinkItem> {
    const expiry = Math.floor(link.expires_at.getTime() / 1000);
    const payload = `${link.id}.${expiry}`;
    const state = link.used_at ? "used" : link.expires_at <= now() ? "expired" : "open";
    return {
      id: link.id,
      label: link.label,
      language: link.language,
      project_id: link.project_id,
      created_at: link.created_at.toISOString(),
      expires_at: link.expires_at.toISOString(),
      used_at: link.used_at?.toISOString() ?? null,
      state,
      token: state === "open" ? `${payload}.${await sign(payload)}` : null,
      answered_by: answeredBy,
    };
  }

  const REFUSALS = {
    invalid: [404, "testimonialLinkInvalid"],
    expired: [410, "testimonialLinkExpired"],
    used: [410, "testimonialLinkUsed"],
  } as const;

  return {
    /** Every testimonial in the owner's order, pending ones included. */
    /**
     * Every one, pending ones too, in the owner's order; with `q`, those the site's search's matching finds in
     * their quotes (each in its language) or in who said them.
     */
    list: async (q = ""): Promise<Testimonial[]> => {
      const rows = await db
        .select()
        .from(testimonials)
        .orderBy(...OWNER_ORDER);
      if (!q) return rows.map(serializeRow);
      const texts = rows.flatMap((row) => {
        const who = [row.name, row.role, row.company].join(" ");
        return [
          { language: "en" as const, title: who, text: row.quote_en },
          { language: "ar" as const, title: who, text: row.quote_ar },
        ];
      });
      const found = new Set((await matchingTexts(db, q, texts)).map((index) => Math.floor(index / 2)));
      return rows.filter((_, index) => found.has(index)).map(serializeRow);
    },
    /** The approved ones the owner chose for the home page, in order. */
    listHome: async (): Promise<Testimonial[]> =>
      (await approved(eq(testimonials.show_on_home, true)).limit(HOME_TESTIMONIALS_MAX)).map(serializeRow),
    /** The approved ones about a project, for its page. */
    forProject: async (projectId: string): Promise<Testimonial[]> =>
      (await approved(eq(testimonials.project_id, projectId))).map(serializeRow),

    async create(input: TestimonialInput): Promise<Testimonial> {
      await requireProject(db, input.project_id);
      await deps.uploads.requireStored(input.photo_url, null, "site", "photo_url");
      const [first] = await db
        .select({ position: sql<number>`coalesce(min(${testimonials.position}), 1)::integer` })
        .from(testimonials);
      const [row] = await db
        .insert(testimonials)
        .values({ ...input, position: first!.position - 1 })
        .returning();
      return changed(serializeRow(row!));
    },

    /** Approval and the home page choice the input leaves out stay as they are. */
    async update(id: string, input: TestimonialInput): Promise<Testimonial> {
      const current = await findTestimonial(db, id);
      await requireProject(db, input.project_id);
      await deps.uploads.requireStored(input.photo_url, current.photo_url, "site", "photo_url");
      const [row] = await db.update(testimonials).set(input).where(eq(testimonials.id, id)).returning();
      if (!row) throw new ServiceError(404, "testimonialNotFound");
      if (current.photo_url !== row.photo_url) await deps.uploads.removeUnused(current.photo_url);
      return changed(serializeRow(row));
    },

    async remove(id: string): Promise<Testimonial> {
      const row = await findTestimonial(db, id);
      await db.delete(testimonials).where(eq(testimonials.id, id));
      await deps.uploads.removeUnused(row.photo_url);
      return changed(serializeRow(row));
    },

    /** One place up or down the owner's order; positions renumbered 0, 1, 2… */
    async move(id: string, direction: "up" | "down"): Promise<{ name: string }> {
      const { name } = await findTestimonial(db, id);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:testimonial-order'))`);
        const ordered = await tx
          .select({ id: testimonials.id, position: testimonials.position })
          .from(testimonials)
          .orderBy(...OWNER_ORDER);
        const from = ordered.findIndex((row) => row.id === id);
        const to = Math.min(Math.max(from + (direction === "up" ? -1 : 1), 0), ordered.length - 1);
        [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
        for (const [position, row] of ordered.entries())
          if (row.position !== position)
            await tx.update(testimonials).set({ position }).where(eq(testimonials.id, row.id));
      });
      return changed({ name });
    },

    /** A one-time link for a client: its token (the address's last part), its language and when it expires. */
    async createLink(input: TestimonialLinkInput): Promise<TestimonialLinkItem & { token: string }> {
      await requireProject(db, input.project_id);
      // Whole seconds: the token carries the expiry in seconds, and the row must say the same moment.
      const expires = new Date(
        Math.floor((now().getTime() + input.days * 24 * 60 * 60 * 1000) / 1000) * 1000,
      );
      const [row] = await db
        .insert(testimonialLinks)
        .values({
          label: input.label,
          project_id: input.project_id,
          language: input.language,
          expires_at: expires,
        })
        .returning();
      const link = await describeLink(row!, null);
      return { ...link, token: link.token! };
    },

    /** Every link the owner made, newest first: who it is for, and whether it is open, answered (by whom) or expired. */
    async listLinks(): Promise<TestimonialLinkItem[]> {
      const rows = await db
        .select({ link: testimonialLinks, answeredBy: testimonials.name })
        .from(testimonialLinks)
        .leftJoin(testimonials, eq(testimonials.id, testimonialLinks.testimonial_id))
        .orderBy(desc(testimonialLinks.created_at), asc(testimonialLinks.id));
      return Promise.all(rows.map(({ link, answeredBy }) => describeLink(link, answeredBy)));
    },

    /** Withdraws a link the client has not used: its address then says it is not valid. A used one is kept. */
    async revokeLink(id: string): Promise<{ label: string }> {
      if (!isUuid(id)) throw new ServiceError(404, "testimonialLinkInvalid");
      const [row] = await db.select().from(testimonialLinks).where(eq(testimonialLinks.id, id)).limit(1);
      if (!row) throw new ServiceError(404, "testimonialLinkInvalid");
      const [deleted] = await db
        .delete(testimonialLinks)
        .where(and(eq(testimonialLinks.id, id), isNull(testimonialLinks.used_at)))
        .returning({ label: testimonialLinks.label });
      if (!deleted) throw new ServiceError(409, "testimonialLinkUsed");
      return deleted;
    },

    /** Whether a link can still be used: "ok", or why not (the page says so before the client writes). */
    linkState: async (token: string): Promise<LinkState> => (await checkLink(token)).state,

    /**
     * Stores a client's words, pending approval, and uses the link up; in one transaction, so two posts of the same
     * link store one testimonial. Rate-limited per address like the contact form.
     */
    async submit(token: string, input: TestimonialSubmission, address: string): Promise<void> {
      const { state, id } = await checkLink(token);
      if (state !== "ok") throw new ServiceError(REFUSALS[state][0], REFUSALS[state][1]);
      const { hits, windowEndsAt } = await deps.rateLimits.hit(
        SUBMIT_LIMIT.bucket,
        addressGroup(address),
        SUBMIT_LIMIT.windowMs,
      );
      if (hits > SUBMIT_LIMIT.max) {
        const minutes = Math.max(1, Math.ceil((windowEndsAt.getTime() - now().getTime()) / 60_000));
        throw new ServiceError(429, "testimonialLimited", { vars: { count: minutes } });
      }
      const stored = await db.transaction(async (tx) => {
        const [link] = await tx
          .update(testimonialLinks)
          .set({ used_at: now() })
          .where(
            and(
              eq(testimonialLinks.id, id!),
              isNull(testimonialLinks.used_at),
              gt(testimonialLinks.expires_at, now()),
            ),
          )
          .returning({ project_id: testimonialLinks.project_id });
        if (!link) return false;
        const [written] = await tx
          .insert(testimonials)
          .values({ ...input, project_id: link.project_id, approved: false })
          .returning({ id: testimonials.id });
        await tx
          .update(testimonialLinks)
          .set({ testimonial_id: written!.id })
          .where(eq(testimonialLinks.id, id!));
        return true;
      });
      if (!stored) throw new ServiceError(410, "testimonialLinkUsed");
      deps.contentChanged();
    },
  };
}

export type Testimonials = ReturnType<typeof createTestimonials>;
