import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { contentToHtml } from "#core/content-html.ts";
import type { Language } from "#core/preferences.ts";
import type { Database } from "#db/client.ts";
import { articleRenders } from "#db/schema.ts";
import { renderArticleHtml } from "./sanitize.ts";

// An article's content as its page shows it, rendered when the owner saves and kept in article_renders
// (decision 011). A page reads the kept HTML; only content saved by an older version, restored from a backup or
// written straight into the database is rendered on a visitor's request, once, and kept.

/**
 * Raise it whenever renderArticleHtml's output changes for the same content (the sanitiser's rules, the
 * highlighter's languages, what is added to code samples): every kept render is then made again on its next read.
 * rendered.test.ts renders a sample touching every rule and fails when its output changes under the same version.
 */
export const RENDERER_VERSION = 1;

/** What a render was made from: the renderer's version and the content, hashed. */
export function renderSource(content: string): string {
  return createHash("sha256").update(`${RENDERER_VERSION}\n${content}`).digest("base64url");
}

type Executor = Pick<Database, "execute">;

/** One language of an article as its page shows it, with what it was rendered from. */
export interface ArticleRender {
  source: string;
  html: string;
}

async function render(content: string, source = renderSource(content)): Promise<ArticleRender> {
  return { source, html: await renderArticleHtml(contentToHtml(content)) };
}

/** Keeps a render while its article exists: one deleted meanwhile keeps nothing. */
async function keep(db: Executor, articleId: string, language: Language, { source, html }: ArticleRender) {
  await db.execute(sql`
    insert into article_renders (article_id, language, source, html)
    select id, ${language}, ${source}, ${html} from articles where id = ${articleId}
    on conflict (article_id, language) do update set source = excluded.source, html = excluded.html`);
}

/**
 * Renders both languages of content about to be saved. Done before the save's transaction: the first render after
 * a start loads jsdom, and the embedded database answers nobody else while a transaction is open.
 */
export async function renderArticle(content: {
  content_en: string;
  content_ar: string;
}): Promise<Record<Language, ArticleRender>> {
  return { en: await render(content.content_en), ar: await render(content.content_ar) };
}

/** Keeps the renders of a saved article; in the save's transaction. */
export async function keepArticleRenders(
  db: Executor,
  articleId: string,
  renders: Record<Language, ArticleRender>,
): Promise<void> {
  for (const language of ["en", "ar"] as const) await keep(db, articleId, language, renders[language]);
}

/**
 * The page's HTML of one language of an article: the kept render when it was made from this content by this
 * renderer, else a fresh one, kept for the next read. When the kept renders cannot be read or written, that is
 * logged and the fresh render is shown: the page does not fail for what only saves work.
 */
export async function articleHtml(
  deps: {
    db: Database;
    logError: (message: string, fields?: Record<string, unknown>, error?: unknown) => void;
  },
  article: { id: string; language: Language; content: string },
): Promise<string> {
  const { db } = deps;
  const fields = { article: article.id, language: article.language };
  const source = renderSource(article.content);
  let kept: { html: string } | undefined;
  try {
    [kept] = await db
      .select({ html: articleRenders.html })
      .from(articleRenders)
      .where(
        and(
          eq(articleRenders.article_id, article.id),
          eq(articleRenders.language, article.language),
          eq(articleRenders.source, source),
        ),
      )
      .limit(1);
  } catch (error) {
    deps.logError("article render not read", fields, error);
    return (await render(article.content, source)).html;
  }
  if (kept) return kept.html;
  const fresh = await render(article.content, source);
  try {
    await keep(db, article.id, article.language, fresh);
  } catch (error) {
    deps.logError("article render not kept", fields, error);
  }
  return fresh.html;
}
