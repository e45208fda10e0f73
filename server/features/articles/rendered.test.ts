import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articleRenders, articles } from "#db/schema.ts";
import { makeApp, ownerRequests, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { articleHtml, RENDERER_VERSION, renderSource } from "./rendered.ts";
import { renderArticleHtml } from "./sanitize.ts";

// An article's page HTML is rendered when the owner saves and kept (decision 011): a page reads it back, and only
// content the save did not render (an older version's, a restored backup's, one written into the database) is
// rendered on a read, once.

const CODE = '<pre><code class="language-javascript">const a = 1;</code></pre>';
const HIGHLIGHTED =
  '<pre tabindex="0"><code class="language-javascript"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;</code></pre>';

describe.each(backends)("kept article renders on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function kept(id: string) {
    return database()
      .db.select({
        language: articleRenders.language,
        source: articleRenders.source,
        html: articleRenders.html,
      })
      .from(articleRenders)
      .where(eq(articleRenders.article_id, id))
      .orderBy(articleRenders.language);
  }

  function reader() {
    const errors: string[] = [];
    const deps = { db: database().db, logError: (message: string) => void errors.push(message) };
    return {
      errors,
      read: (id: string, language: "en" | "ar", content: string) =>
        articleHtml(deps, { id, language, content }),
    };
  }

  it("renders both languages when the owner saves, and again when the content changes", async () => {
    const { app } = makeApp(database());
    const cookie = await signIn(app, database());
    const send = ownerRequests(app, () => cookie);
    const created = await send("POST", "/api/articles", {
      title_en: "Code",
      title_ar: "شيفرة",
      content_en: `<p>Look:</p>${CODE}`,
      content_ar: '<p>انظر <a href="https://example.com" target="_blank">هنا</a></p>',
      status: "published",
    });
    expect(created.status).toBe(201);
    const id = created.body!.id as string;
    const [ar, en] = await kept(id);
    expect(en).toMatchObject({ language: "en", html: `<p>Look:</p>\n${HIGHLIGHTED}` });
    expect(ar).toMatchObject({
      language: "ar",
      html: '<p>انظر <a href="https://example.com" target="_blank" rel="noopener noreferrer">هنا</a></p>',
    });
    const [row] = await database().db.select().from(articles).where(eq(articles.id, id));
    expect(en!.source).toBe(renderSource(row!.content_en));

    const edited = await send("PUT", `/api/articles/${id}`, {
      title_en: "Code",
      title_ar: "شيفرة",
      content_en: "<p>Gone.</p>",
      content_ar: "",
      status: "published",
    });
    expect(edited.status).toBe(200);
    expect((await kept(id)).map((render) => render.html)).toEqual(["", "<p>Gone.</p>"]);
  });

  it("shows the kept render without rendering again", async () => {
    const { app } = makeApp(database());
    const cookie = await signIn(app, database());
    const created = await ownerRequests(app, () => cookie)("POST", "/api/articles", {
      title_en: "Kept",
      title_ar: "",
      content_en: "<p>Saved.</p>",
      content_ar: "",
    });
    const id = created.body!.id as string;
    // What is read is what was kept: a marker written over it is what the page gets.
    await database()
      .db.update(articleRenders)
      .set({ html: "<p>From the kept render.</p>" })
      .where(eq(articleRenders.article_id, id));
    const { read, errors } = reader();
    expect(await read(id, "en", "<p>Saved.</p>")).toBe("<p>From the kept render.</p>");
    expect(errors).toEqual([]);
  });

  it("renders content the save never saw, sanitised, once, and keeps it", async () => {
    // As a restored backup or an older version leaves it: an article with no render kept.
    const content = `<p onclick="steal()">Old <img src="x" onerror="steal()"></p>\n\n${CODE}`;
    const article = await insertArticle(database().db, { content_en: content });
    expect(await kept(article.id)).toEqual([]);
    const { read, errors } = reader();
    const html = await read(article.id, "en", content);
    expect(html).toBe(`<p>Old <img src="x"></p>\n${HIGHLIGHTED}`);
    expect(await kept(article.id)).toEqual([{ language: "en", source: renderSource(content), html }]);

    // Content changed behind the save's back is not answered with the older render.
    const changed = "<p>Changed <script>steal()</script>in the database.</p>";
    await database().db.update(articles).set({ content_en: changed }).where(eq(articles.id, article.id));
    expect(await read(article.id, "en", changed)).toBe("<p>Changed in the database.</p>");
    expect((await kept(article.id))[0]?.html).toBe("<p>Changed in the database.</p>");
    expect(errors).toEqual([]);
  });

  it("keeps nothing for an article deleted meanwhile, and its renders go with it", async () => {
    const article = await insertArticle(database().db, { content_en: "<p>Here.</p>" });
    const { read, errors } = reader();
    await read(article.id, "en", "<p>Here.</p>");
    expect(await kept(article.id)).toHaveLength(1);
    await database().db.delete(articles).where(eq(articles.id, article.id));
    expect(await kept(article.id)).toEqual([]);
    // A page that read the row just before the delete still shows; no render of a missing article is kept.
    expect(await read(article.id, "en", "<p>Here.</p>")).toBe("<p>Here.</p>");
    expect(await kept(article.id)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe.each(backends)("kept article renders out of reach on $name", (backend) => {
  const database = useTestDatabase(backend);

  it("shows a fresh render, and logs, when the kept renders cannot be read", async () => {
    const content = '<p>Still <b onclick="x()">shown</b>.</p>';
    const article = await insertArticle(database().db, { content_en: content });
    const logged: string[] = [];
    const deps = { db: database().db, logError: (message: string) => void logged.push(message) };
    await database().db.execute(sql`alter table article_renders rename to article_renders_away`);
    try {
      expect(await articleHtml(deps, { id: article.id, language: "en", content })).toBe(
        "<p>Still <b>shown</b>.</p>",
      );
    } finally {
      await database().db.execute(sql`alter table article_renders_away rename to article_renders`);
    }
    expect(logged).toEqual(["article render not read"]);
  });
});

describe("the renderer's version", () => {
  // Kept renders are only made again when RENDERER_VERSION changes. This sample touches every rule of the render
  // (sanitiser, its hooks, the highlighter's languages, focusable samples): when its output changes, raise
  // RENDERER_VERSION in rendered.ts and write the new version and hash here.
  const SAMPLE = [
    '<p style="text-align: center; color: red" onclick="x()">Centred <a href="https://example.com" target="_blank">link</a></p>',
    '<img src="data:image/png;base64,AAAA" alt="pasted"><img src="data:image/svg+xml;base64,AAAA" alt="svg">',
    '<form><input></form><style>p{}</style><table background="x.png"><tr><td>cell</td></tr></table>',
    '<pre><code class="language-markup">&lt;p class="a"&gt;b&lt;/p&gt;</code></pre>',
    ...["javascript", "css", "php", "ruby", "python", "java", "c", "csharp", "cpp"].map(
      (language) => `<pre><code class="language-${language}">if (a) { return "b"; } // 1</code></pre>`,
    ),
  ].join("");

  it("names the renderer whose output this is", async () => {
    const hash = createHash("sha256")
      .update(await renderArticleHtml(SAMPLE))
      .digest("base64url");
    expect({ version: RENDERER_VERSION, hash }).toEqual({
      version: 1,
      hash: "YZbdCwx6_iu0MVwoPxZ_Ycy_qQDrjcQpOJXq9pg-c70",
    });
  });
});
