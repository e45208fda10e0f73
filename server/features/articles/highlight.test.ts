import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { highlightCodeBlocks } from "./highlight.ts";
import { renderArticleHtml, sanitizeHtml } from "./sanitize.ts";

const { document } = new JSDOM("").window;

function highlight(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  highlightCodeBlocks(template.content);
  return template.innerHTML;
}

const kw = (word: string) => `<span class="hljs-keyword">${word}</span>`;
const str = (text: string) => `<span class="hljs-string">${text}</span>`;
const num = (text: string) => `<span class="hljs-number">${text}</span>`;
const tag = (name: string, close = false) =>
  `<span class="hljs-tag">&lt;${close ? "/" : ""}<span class="hljs-name">${name}</span>&gt;</span>`;

describe("highlightCodeBlocks", () => {
  it.each([
    [
      "the editor's form",
      '<pre><code class="language-javascript">const a = 1;</code></pre>',
      `<pre><code class="language-javascript">${kw("const")} a = ${num("1")};</code></pre>`,
    ],
    [
      "TinyMCE's form, with Prism's name for HTML",
      '<pre class="language-markup"><code>&lt;p&gt;Hi&lt;/p&gt;</code></pre>',
      `<pre class="language-markup"><code>${tag("p")}Hi${tag("p", true)}</code></pre>`,
    ],
    [
      "a language named in capitals among other classes",
      '<pre class="line-numbers LANGUAGE-RUBY"><code>puts "hi"</code></pre>',
      `<pre class="line-numbers LANGUAGE-RUBY"><code>puts ${str('"hi"')}</code></pre>`,
    ],
    [
      "blank lines and indentation",
      '<pre><code class="language-python">if x:\n\n    pass</code></pre>',
      `<pre><code class="language-python">${kw("if")} x:\n\n    ${kw("pass")}</code></pre>`,
    ],
    [
      "two samples in two languages",
      '<pre><code class="language-css">a{}</code></pre><p>and</p><pre><code class="language-java">int i;</code></pre>',
      '<pre><code class="language-css"><span class="hljs-selector-tag">a</span>{}</code></pre><p>and</p>' +
        '<pre><code class="language-java"><span class="hljs-type">int</span> i;</code></pre>',
    ],
  ])("colours %s", (_case, html, expected) => {
    expect(highlight(html)).toBe(expected);
  });

  it.each([
    ["xml", "&lt;a href=&quot;/&quot;&gt;x&lt;/a&gt;"],
    ["javascript", "let x = 1;"],
    ["css", "a { color: red; }"],
    ["php", "&lt;?php echo $x; ?&gt;"],
    ["ruby", "def f; end"],
    ["python", "def f(): pass"],
    ["java", "public class A {}"],
    ["c", "int main(void) { return 0; }"],
    ["csharp", "var x = 1;"],
    ["cpp", "#include &lt;iostream&gt;"],
  ])("knows %s", (language, code) => {
    const html = highlight(`<pre><code class="language-${language}">${code}</code></pre>`);
    expect(html).toMatch(/<span class="hljs-[a-z]/);
    expect(document.createRange().createContextualFragment(html).textContent).toBe(
      document.createRange().createContextualFragment(code).textContent,
    );
  });

  it.each([
    ["a language outside the ten", '<pre><code class="language-typescript">let a = 1;</code></pre>'],
    ["a sample without a language", "<pre><code>let a = 1;</code></pre>"],
    ["a preformatted block without code", '<pre class="language-javascript">let a = 1;</pre>'],
    ["inline code", '<p><code class="language-javascript">let a = 1;</code></p>'],
    ["code with markup inside", '<pre><code class="language-javascript">let <b>a</b> = 1;</code></pre>'],
    ["a class that tries to be markup", '<pre><code class="language-&lt;img&gt;">let a = 1;</code></pre>'],
    ["an empty sample", '<pre><code class="language-javascript"></code></pre>'],
  ])("leaves %s as it is", (_case, html) => {
    expect(highlight(html)).toBe(html);
  });

  it.each([
    ["comparisons and ampersands", "if (a &lt; b &amp;&amp; c &gt; d) {}", ["&lt;", "&amp;&amp;", "&gt;"]],
    ["an escaped entity shown as text", "const s = &quot;&amp;amp;&quot;;", ["&amp;amp;"]],
    ["a non-breaking space", "a&nbsp;= 1;", ["&nbsp;"]],
  ])("escapes %s exactly once", (_case, code, kept) => {
    const html = highlight(`<pre><code class="language-javascript">${code}</code></pre>`);
    for (const entity of kept) expect(html).toContain(entity);
    expect(html).not.toMatch(/&amp;(lt|gt|quot|nbsp);/);
    expect(html).not.toContain("&amp;amp;amp;");
  });
});

describe("renderArticleHtml", () => {
  it.each([
    [
      "script text in an HTML sample",
      '<pre><code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>',
      `<pre tabindex="0"><code class="language-html">${tag("script")}<span class="javascript"><span class="hljs-title function_">alert</span>(${num("1")})</span>${tag("script", true)}</code></pre>`,
    ],
    [
      "an image with an error handler as text",
      '<pre><code class="language-xml">&lt;img src=x onerror="alert(1)"&gt;</code></pre>',
      '<pre tabindex="0"><code class="language-xml"><span class="hljs-tag">&lt;<span class="hljs-name">img</span> ' +
        '<span class="hljs-attr">src</span>=<span class="hljs-string">x</span> ' +
        '<span class="hljs-attr">onerror</span>=<span class="hljs-string">"alert(1)"</span>&gt;</span></code></pre>',
    ],
    [
      "a real script element inside the code",
      '<pre><code class="language-javascript"><script>alert(1)</script>let a;</code></pre>',
      `<pre tabindex="0"><code class="language-javascript">${kw("let")} a;</code></pre>`,
    ],
    [
      "an event handler on the sample itself",
      '<pre onmouseover="alert(1)"><code class="language-css" onclick="alert(1)">a{}</code></pre>',
      '<pre tabindex="0"><code class="language-css"><span class="hljs-selector-tag">a</span>{}</code></pre>',
    ],
    [
      "a closing tag that tries to leave the sample",
      '<pre><code class="language-javascript">x = "&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;";</code></pre>',
      `<pre tabindex="0"><code class="language-javascript">x = ${str('"&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')};</code></pre>`,
    ],
  ])("keeps %s inert", async (_case, html, expected) => {
    const rendered = await renderArticleHtml(html);
    expect(rendered).toBe(expected);
    const parsed = document.createRange().createContextualFragment(rendered);
    expect(parsed.querySelectorAll("script, img, [onerror], [onclick], [onmouseover]")).toHaveLength(0);
  });

  it.each([
    "<p>Hi</p><script>alert(1)</script>",
    '<a href="javascript:alert(1)">x</a>',
    '<p dir="rtl">مرحبا بالعالم</p><img src="/a.png" alt="" onerror="x()">',
    "<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>",
    "",
    "  \n",
  ])("gives what sanitizeHtml gives when there is nothing to colour: %j", async (html) => {
    expect(await renderArticleHtml(html)).toBe(await sanitizeHtml(html));
  });

  it("lets a keyboard reach every code sample, which may scroll sideways", async () => {
    expect(
      await renderArticleHtml('<pre><code class="language-typescript">let a;</code></pre><pre>text</pre>'),
    ).toBe(
      '<pre tabindex="0"><code class="language-typescript">let a;</code></pre><pre tabindex="0">text</pre>',
    );
  });
});
