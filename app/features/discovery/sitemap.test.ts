import { XMLParser } from "fast-xml-parser";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "#core/localized-paths.ts";
import { articles } from "#db/schema.ts";
import { servicesContext } from "#server/services.ts";
import { makeApp } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { insertProject } from "#tests/helpers/seed.ts";
import { SITEMAP_FILE_ADDRESSES, sitemapFile, sitemapIndex } from "./discovery.server.ts";

// The sitemap as an index of files within the protocol's limits (docs/product.md §16.7, sitemaps.org): each file
// holds at most SITEMAP_FILE_ADDRESSES addresses, and the index names exactly the files there are.

const ORIGIN = "https://www.example.com";
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  isArray: (name) => name === "url" || name === "sitemap" || name === "xhtml:link",
});

interface UrlSet {
  urlset: { url?: { loc: string; lastmod?: string; "xhtml:link": { hreflang: string; href: string }[] }[] };
}

describe.each(backends)("the sitemap on $name", (backend) => {
  const database = useTestDatabase(backend);

  function site() {
    const { app } = makeApp(database());
    const context = new RouterContextProvider();
    context.set(servicesContext, app.services);
    const index = async () => {
      const parsed = parser.parse(await (await sitemapIndex(context, ORIGIN)).text()) as {
        sitemapindex: { sitemap: { loc: string }[] };
      };
      return parsed.sitemapindex.sitemap.map((entry) => entry.loc);
    };
    const file = async (name: string) => {
      const response = await sitemapFile(context, ORIGIN, name);
      return {
        status: response.status,
        cacheControl: response.headers.get("Cache-Control"),
        urls: (parser.parse(await response.text()) as UrlSet).urlset?.url ?? [],
      };
    };
    return { index, file };
  }

  it("names the pages' file alone while there is no content, and no file it does not have", async () => {
    const { index, file } = site();
    expect(await index()).toEqual([`${ORIGIN}/sitemaps/pages.xml`]);
    const pages = await file("pages.xml");
    expect(pages.urls).toHaveLength(PUBLIC_PAGES.length * 2);
    for (const name of [
      "articles-1.xml",
      "projects-1.xml",
      "tags-1.xml",
      "articles-0.xml",
      "pages-1.xml",
      "x.xml",
    ])
      expect((await file(name)).status, name).toBe(404);
  });

  it("splits the articles into files of at most SITEMAP_FILE_ADDRESSES addresses, with alternates", async () => {
    const count = SITEMAP_FILE_ADDRESSES / 2 + 1;
    // The last one written in English only: one address, its own alternate.
    await database()
      .db.insert(articles)
      .values(
        Array.from({ length: count }, (_, k) => ({
          slug: `a${k}`,
          slug_ar: k === 0 ? "" : `ع${k}`,
          title: `A${k}`,
          title_en: `A${k}`,
          date: new Date(Date.UTC(2020, 0, 1) + k * 60_000),
          updated_at: new Date(Date.UTC(2020, 0, 1) + k * 60_000),
          reading_minutes_en: k === 0 ? 1 : 0,
          tags: k % 1000 === 0 ? [{ slug: `t${k}`, en: `T${k}`, ar: "" }] : [],
        })),
      );
    await insertProject(database().db, { slug_en: "shop", slug_ar: "متجر" });
    const { index, file } = site();
    expect(await index()).toEqual(
      ["pages", "articles-1", "articles-2", "projects-1", "tags-1"].map(
        (name) => `${ORIGIN}/sitemaps/${name}.xml`,
      ),
    );
    const first = await file("articles-1.xml");
    // Kept by shared caches, the server's page cache among them: written at most once a period.
    expect(first.cacheControl).toMatch(/^public, .*s-maxage=\d+/);
    expect(first.urls).toHaveLength(SITEMAP_FILE_ADDRESSES);
    // Newest first: the oldest, in English only, is the second file's one address.
    const second = await file("articles-2.xml");
    expect(second.urls.map((url) => url.loc)).toEqual([`${ORIGIN}/articles/a0`]);
    expect(second.urls[0]!["xhtml:link"].map((link) => link.hreflang)).toEqual(["en", "x-default"]);
    expect(first.urls[0]!["xhtml:link"].map((link) => [link.hreflang, link.href])).toEqual([
      ["en", `${ORIGIN}/articles/a${count - 1}`],
      ["ar", `${ORIGIN}/ar/articles/${encodeURIComponent(`ع${count - 1}`)}`],
      ["x-default", `${ORIGIN}/articles/a${count - 1}`],
    ]);
    expect((await file("articles-3.xml")).status).toBe(404);
    expect((await file("projects-1.xml")).urls.map((url) => url.loc)).toEqual([
      `${ORIGIN}/projects/shop`,
      `${ORIGIN}/ar/projects/${encodeURIComponent("متجر")}`,
    ]);
    const tags = await file("tags-1.xml");
    expect(tags.urls).toHaveLength(2 * 6);
    expect(tags.urls[0]!.loc).toBe(`${ORIGIN}/articles/tag/t0`);
    expect(tags.urls[0]!.lastmod).toBe("2020-01-01T00:00:00.000Z");
  }, 60_000);
});
