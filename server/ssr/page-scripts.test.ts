import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RouterContextProvider } from "react-router";
import { makeApp } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { nonceContext } from "./context.ts";
import { createPageCache } from "./page-cache.ts";

// A public page's Content-Security-Policy allows the scripts the application emitted, by their hashes, and no other:
// HTML that got into a page from a stored row (a restore, a row written by hand) never runs, even as a <script>.

/** What a row that escaped the sanitiser could put into a page. */
const INJECTED = `<script>window.ran = 1</script><img src="x" onerror="window.ran = 2">`;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** A renderer writing its scripts with the request's nonce, as React Router does, around a stored row's HTML. */
function renderer() {
  const nonces: string[] = [];
  const ssr = (_request: Request, context: RouterContextProvider) => {
    const nonce = context.get(nonceContext);
    nonces.push(nonce);
    const html =
      `<!DOCTYPE html><html lang="en"><head><script nonce="${nonce}">document.documentElement.className = "x"</script>` +
      `</head><body><main><h1>Shop</h1>${INJECTED}</main>` +
      `<script nonce="${nonce}">window.__context = ${JSON.stringify({ nonce, page: "/about" })}</script></body></html>`;
    return Promise.resolve(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  };
  return { ssr, nonces };
}

describe.each(backends)("a public page's scripts on $name", (backend) => {
  const database = useTestDatabase(backend);

  it("are allowed by the hashes of the scripts the renderer made, never of one a row brought", async () => {
    const { ssr, nonces } = renderer();
    const pageCache = createPageCache({ ttlMs: 60_000 });
    const { app } = makeApp(database(), {}, { ssr, pageCache });
    const first = await app.request("/about");
    const html = await first.text();
    pageCache.clear();
    const second = await app.request("/about");

    // Each render marked the renderer's scripts with a nonce of its own, which does not reach the page.
    expect(nonces).toHaveLength(2);
    expect(nonces[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(nonces[1]).not.toBe(nonces[0]);
    expect(html).not.toContain(nonces[0]);
    expect(html).not.toContain("nonce=");
    // So every render of the page is the same bytes: one ETag, and a browser's copy stays good.
    expect(await second.text()).toBe(html);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));

    const own = [
      'document.documentElement.className = "x"',
      `window.__context = ${JSON.stringify({ nonce: "", page: "/about" })}`,
    ];
    for (const script of own) expect(html).toContain(`<script>${script}</script>`);
    expect(html).toContain(INJECTED);
    const scriptSrc = /script-src ([^;]*)/
      .exec(first.headers.get("Content-Security-Policy")!)![1]!
      .split(" ");
    expect(scriptSrc.toSorted()).toEqual(["'self'", ...own.map(sha256)].toSorted());
    expect(scriptSrc).not.toContain(sha256("window.ran = 1"));
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});
