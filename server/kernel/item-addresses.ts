import { and, eq, sql } from "drizzle-orm";
import { isPossibleSlug, type ItemSlugs } from "#core/slugs.ts";
import type { Language } from "#core/preferences.ts";
import type { Database } from "#db/client.ts";
import { slugHistory } from "#db/schema.ts";

// Addresses that never break (decision 015), for every kind of item with a slug per language: the slugs an item
// leaves behind are kept, and an address answers with the item, a move to its current address (301), or that
// the item is gone (410). Articles and projects use the same rules.

export type ItemKind = "articles" | "projects";

type Executor = Pick<Database, "select" | "insert" | "delete" | "execute">;

const OTHER: Record<Language, Language> = { en: "ar", ar: "en" };

/**
 * Keeps the slugs an item had that it no longer has (`after` null: the item is deleted), and frees the ones it
 * has now: an old address of another item that this one takes answers with this one. Run in the write's
 * transaction, only for an item that was public at least once (a draft's slugs were never an address).
 */
export async function retireSlugs(
  tx: Executor,
  kind: ItemKind,
  itemId: string,
  before: ItemSlugs,
  after: ItemSlugs | null,
): Promise<void> {
  for (const language of ["en", "ar"] as const) {
    const old = before[language];
    const now = after?.[language];
    if (now) await tx.delete(slugHistory).where(slugKey(kind, language, now));
    if (!old || old === now) continue;
    await tx
      .insert(slugHistory)
      .values({ kind, language, slug: old, item_id: itemId })
      .onConflictDoUpdate({
        target: [slugHistory.kind, slugHistory.language, slugHistory.slug],
        set: { item_id: itemId, retired_at: sql`now()` },
      });
  }
}

/** Keeps both slugs of an item being deleted, so that its addresses answer 410 Gone. */
export const retireDeleted = (tx: Executor, kind: ItemKind, itemId: string, slugs: ItemSlugs) =>
  retireSlugs(tx, kind, itemId, slugs, null);

const slugKey = (kind: ItemKind, language: Language, slug: string) =>
  and(eq(slugHistory.kind, kind), eq(slugHistory.language, language), eq(slugHistory.slug, slug));

/** What an address names: the item, its current slug in the address's language, or that it was deleted. */
export type AddressAnswer<Item> = { item: Item } | { movedTo: string } | { gone: true } | null;

/** How one kind of item is read, for `resolveAddress`. */
export interface ItemFinder<Item> {
  /** The visible item whose slug in `language` is `slug`. */
  bySlug(language: Language, slug: string): Promise<Item | null>;
  /** The visible item with this id. */
  byId(id: string): Promise<Item | null>;
  /** Whether an item with this id exists at all, visible or not (a draft now). */
  exists(id: string): Promise<boolean>;
  slugs(item: Item): ItemSlugs;
}

/**
 * What `/{kind}/{slug}` in `language` answers: the item that has the slug in that language; else the item that had
 * it in that language, then the one that has it or had it in the other language (the language menu goes to the
 * same slug in the other language): a move to its current slug in this language, or gone when it was deleted; else
 * null (not found). An item hidden now (a draft) is not found at any of its addresses.
 */
export async function resolveAddress<Item>(
  db: Executor,
  kind: ItemKind,
  finder: ItemFinder<Item>,
  language: Language,
  slug: string,
): Promise<AddressAnswer<Item>> {
  if (!isPossibleSlug(slug)) return null;
  const item = await finder.bySlug(language, slug);
  if (item) return { item };
  const moved = (target: Item) => {
    const current = finder.slugs(target)[language] || finder.slugs(target).en;
    return current === slug ? null : { movedTo: current };
  };
  const formerly = async (inLanguage: Language): Promise<AddressAnswer<Item> | undefined> => {
    const [old] = await db
      .select({ item_id: slugHistory.item_id })
      .from(slugHistory)
      .where(slugKey(kind, inLanguage, slug))
      .limit(1);
    if (!old) return undefined;
    const target = await finder.byId(old.item_id);
    if (target) return moved(target);
    return (await finder.exists(old.item_id)) ? null : { gone: true };
  };
  const before = await formerly(language);
  if (before !== undefined) return before;
  const other = await finder.bySlug(OTHER[language], slug);
  if (other) return moved(other);
  return (await formerly(OTHER[language])) ?? null;
}
