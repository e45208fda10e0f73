import { execFile } from "node:child_process";
import { readFileSync, writeFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import type { ObservatoryResult } from "@mdn/mdn-http-observatory";
import { generate } from "selfsigned";
import { ADMIN, openView } from "./admin-page.ts";
import { OWNER_PASSWORD, expect, failedResource, test, text } from "./fixtures.ts";

// Security headers and article styles in Chromium (docs/product.md §24).

const root = path.resolve(import.meta.dirname, "../..");

/** Signs in through the API and publishes an article with `html` in English; answers its slug. */
async function publishThroughApi(page: Page, title: string, html: string): Promise<string> {
  const login = await page.request.post("/api/auth/login", { data: { password: OWNER_PASSWORD } });
  expect(login.status()).toBe(200);
  const response = await page.request.post("/api/articles", {
    data: { title_en: title, title_ar: title, content_en: html, content_ar: "", status: "published" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { slug: string }).slug;
}

const payloadFiles = ["payloads-all-the-things.txt", "sira.txt"];
const payloadsOf = (file: string) =>
  readFileSync(path.join(root, "tests/fixtures/css-payloads", file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");

for (const file of payloadFiles) {
  for (const ourCsp of [true, false]) {
    test(`article styles from ${file} load nothing from elsewhere and run nothing, ${ourCsp ? "with" : "without"} our CSP`, async ({
      page,
      context,
      server,
      consoleGuard,
    }) => {
      // Relative addresses in the payloads (`src=x`, `test.css`) are this site's 404s; nothing else may be.
      consoleGuard.allow(failedResource(404));
      const payloads = payloadsOf(file);
      const slug = await publishThroughApi(page, `CSS payloads ${file}`, payloads.join("\n"));

      const origin = new URL(server.url).origin;
      const elsewhere: string[] = [];
      await context.route(
        (url) => url.origin !== origin,
        (route) => {
          elsewhere.push(route.request().url());
          return route.abort();
        },
      );
      const articleUrl = `${origin}/articles/${slug}`;
      if (!ourCsp) {
        // The sanitiser alone must hold: the article's document arrives without its Content-Security-Policy.
        await page.route(articleUrl, async (route) => {
          const response = await route.fetch();
          const headers = { ...response.headers() };
          delete headers["content-security-policy"];
          await route.fulfill({ response, headers });
        });
      }
      await page.addInitScript(() => {
        const ran: string[] = [];
        Object.assign(window, { __ran: ran, __violations: [] as string[] });
        for (const name of ["alert", "confirm", "prompt", "print"] as const)
          Object.assign(window, {
            [name]: (...args: unknown[]) => void ran.push(`${name}(${String(args[0])})`),
          });
        document.addEventListener("securitypolicyviolation", (event) =>
          (window as unknown as { __violations: string[] }).__violations.push(
            `${event.effectiveDirective} ${event.blockedURI}`,
          ),
        );
      });
      let dialogs = 0;
      page.on("dialog", (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });

      const response = await page.goto(articleUrl);
      expect(response?.headers()["content-security-policy"] === undefined).toBe(!ourCsp);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`CSS payloads ${file}`);
      await page.waitForLoadState("networkidle");
      // Hovering and clicking every element of the article gives :hover, :active and event vectors their chance.
      const article = page.locator(".prose-article");
      await article.hover();
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);

      expect(elsewhere, "requests to other sites").toEqual([]);
      expect(dialogs).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __ran: string[] }).__ran)).toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
      ).toEqual([]);
      // What is left in the article's styles: alignment only, and no image from CSS anywhere in it.
      const leftovers = await article.evaluate((element) =>
        [...element.querySelectorAll("*")].flatMap((node) => {
          const style = getComputedStyle(node);
          const found = [];
          for (const property of [
            "background-image",
            "list-style-image",
            "border-image-source",
            "mask-image",
          ])
            if (!["none", ""].includes(style.getPropertyValue(property)))
              found.push(`${node.tagName} ${property}: ${style.getPropertyValue(property)}`);
          if (/url\(/.test(style.cursor)) found.push(`${node.tagName} cursor: ${style.cursor}`);
          const attribute = node.getAttribute("style");
          if (attribute !== null && !/^text-align: [a-z]+$/.test(attribute))
            found.push(`${node.tagName} style="${attribute}"`);
          return found;
        }),
      );
      expect(leftovers).toEqual([]);

      // A control: a request to another site from this page is seen (and stopped) by the watch above.
      consoleGuard.allow(/ERR_FAILED \(https:\/\/tracker\.example\/control\.png\)/);
      await page.evaluate(() => void (new Image().src = "https://tracker.example/control.png"));
      await expect.poll(() => elsewhere).toEqual(["https://tracker.example/control.png"]);

      if (file === "sira.txt") {
        // The one allowed style still works, alone or beside a url() that went.
        for (const words of ["centred text stays", "allowed property beside url"]) {
          const paragraph = article.getByText(words);
          expect(await paragraph.evaluate((element) => getComputedStyle(element).textAlign)).toBe("center");
        }
      }
    });
  }
}

test("the admin, signed in and editing an article, raises no CSP violation", async ({
  page,
  consoleGuard,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  const slug = await publishThroughApi(page, "An article to edit", "<p>First words.</p>");
  expect(slug).toBeTruthy();

  // Signed in already, through the API.
  await page.goto(ADMIN);
  await expect(page.getByRole("heading", { level: 1, name: text("en", "admin.title") })).toBeVisible();
  await openView(page, "articles");
  await page
    .getByRole("link", { name: text("en", "admin.articles.editItem", { title: "An article to edit" }) })
    .click();
  const dialog = page.getByRole("dialog");
  const editor = dialog.getByRole("textbox", { name: text("en", "admin.articles.contentEn") });
  await editor.click();
  await page.keyboard.type(" More words.");
  await dialog.getByLabel(text("en", "admin.articles.titleEn")).fill("An article, edited");
  await dialog.getByRole("button", { name: text("en", "admin.articles.save") }).click();
  await expect(dialog).toBeHidden();
  // The settings form builds the largest schemas of the admin.
  const settings = await openView(page, "settings");
  await expect(settings.getByRole("button", { name: text("en", "admin.settings.save") })).toBeVisible();
  expect(await violations()).toEqual([]);
  expect(consoleGuard.seen.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);

  // A control: an inline script without the page's nonce is refused and seen by the listener above
  // (page.evaluate itself is not subject to the policy, so it adds a script element).
  consoleGuard.allow(/Content Security Policy/);
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.name = 'ran'";
    document.head.append(script);
  });
  await expect.poll(violations).toEqual(["script-src-elem inline"]);
  expect(await page.evaluate(() => window.name)).not.toBe("ran");
  // Whether the report then reaches POST /csp-report is left to server/http/headers.test.ts: this headless
  // Chromium sent none within 90 s, with a relative or an absolute Reporting-Endpoints address.
  expect(page.url()).toContain(ADMIN);
});

/** A self-signed certificate for localhost, trusted by the scanner's process only. */
async function localCertificate(folder: string) {
  const pems = await generate([{ name: "commonName", value: "localhost" }], { keyType: "ec" });
  const certFile = path.join(folder, "localhost.pem");
  writeFileSync(certFile, pems.cert);
  return { cert: pems.cert, key: pems.private, certFile };
}

/**
 * One port that speaks both: TLS in front of the server (with X-Forwarded-Proto: https, as a reverse proxy sends),
 * and plain http that redirects to it, as a proxy in front of a site does. The first byte tells them apart.
 */
async function httpsFront(target: string, tls: { cert: string; key: string }) {
  const upstream = new URL(target);
  const proxy = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        agent: false,
        headers: {
          ...request.headers,
          "x-forwarded-proto": "https",
          "x-forwarded-for": request.socket.remoteAddress ?? "127.0.0.1",
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => response.writeHead(502).end());
    request.pipe(forwarded);
  };
  const secure = https.createServer({ cert: tls.cert, key: tls.key }, proxy);
  const plain = http.createServer((request, response) => {
    response.writeHead(301, { Location: `https://${request.headers.host}${request.url}` }).end();
  });
  await new Promise<void>((resolve) => secure.listen(0, "127.0.0.1", resolve));
  const securePort = (secure.address() as net.AddressInfo).port;
  const sockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.once("data", (first) => {
      if (first[0] !== 0x16) {
        // Plain http: Node's http parser reads what is put back into the stream.
        socket.pause();
        socket.unshift(first);
        plain.emit("connection", socket);
        socket.resume();
        return;
      }
      // A TLS handshake: TLS reads the socket below the stream, so the bytes are carried to the https server.
      const inner = net.connect(securePort, "127.0.0.1", () => {
        sockets.add(inner);
        inner.write(first);
        socket.pipe(inner).pipe(socket);
      });
      const end = () => {
        socket.destroy();
        inner.destroy();
      };
      inner.on("error", end);
      socket.on("error", end);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const { port } = front.address() as net.AddressInfo;
  return {
    port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      secure.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => secure.close(resolve)),
        new Promise((resolve) => front.close(resolve)),
      ]);
    },
  };
}

test("Mozilla's HTTP Observatory grades / and /ar A+ behind an https front", async ({ startServer }) => {
  test.setTimeout(120_000);
  const server = await startServer({ TRUST_PROXY: "1" });
  const folder = mkdtempSync(path.join(tmpdir(), "sira-observatory-"));
  const front = await httpsFront(server.url, await localCertificate(folder));
  // The package's install step downloads Chromium's HSTS preload list, which cannot be fetched here; localhost is
  // on no such list, so an empty one gives the same grade.
  const preload = path.join(root, "node_modules/@mdn/mdn-http-observatory/conf/hsts-preload.json");
  if (!existsSync(preload)) writeFileSync(preload, "{}");
  try {
    for (const page of ["/", "/ar"]) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [path.join(root, "tests/helpers/observatory-scan.ts"), `localhost:${front.port}${page}`],
        {
          env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(folder, "localhost.pem") },
          timeout: 60_000,
        },
      );
      const result = JSON.parse(stdout) as ObservatoryResult;
      const lost = Object.entries(result.tests)
        .filter(([, outcome]) => !outcome.pass || outcome.scoreModifier < 0)
        .map(([name, outcome]) => `${name}: ${outcome.result} (${outcome.scoreModifier})`);
      const bonus = Object.entries(result.tests)
        .filter(([, outcome]) => outcome.scoreModifier > 0)
        .map(([name, outcome]) => `${name}: ${outcome.result} (+${outcome.scoreModifier})`);
      console.log(
        `Observatory ${page}: ${result.scan.grade}, score ${result.scan.score}, ${result.scan.testsPassed}/${result.scan.testsQuantity} tests passed` +
          `\n  lost points: ${lost.length ? lost.join("; ") : "none"}\n  extra credit: ${bonus.join("; ") || "none"}`,
      );
      expect(result.scan.statusCode).toBe(200);
      expect(result.tests.redirection?.result).toBe("redirection-to-https");
      expect(result.tests["strict-transport-security"]?.pass).toBe(true);
      expect(lost).toEqual([]);
      expect(result.scan.grade).toBe("A+");
      expect(result.scan.score).toBeGreaterThanOrEqual(100);
    }
  } finally {
    await front.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
