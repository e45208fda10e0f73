import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { getNonce } from "./lib/services.server.ts";

// React Router's default Node entry, plus the per-request CSP nonce on every inline script, and whole pages.

export const streamTimeout = 5_000;

/** Logs real failures only: a visitor's 404 or 405, or a request they abandoned, is not a server error. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = getNonce(loadContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The page is sent once everything is rendered: its data takes milliseconds, and a streamed spinner
    // replaced by content a moment later would only shift the layout (Lighthouse CLS) and confuse link-preview
    // scrapers. Spinners still show while the next page's data loads on client-side navigation.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // React sends a finished Suspense boundary past this many bytes apart from the page, hidden until an inline
        // script moves it in (meant for streaming). The page is sent whole, so every boundary goes in place: the
        // home page's sections show without JavaScript (tests/e2e/without-javascript.spec.ts).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
