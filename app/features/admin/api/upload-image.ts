import type { ImageFolder } from "#core/images.ts";
import type { Translate } from "#app/lib/i18n.ts";
import type { StoredUpload } from "#server/features/uploads/service.ts";
import { AdminApiError, reportSessionEnded } from "./client.ts";

/** What POST /api/uploads answers: the file inside the bucket and its public URL (for image_url). */
export type UploadedImage = StoredUpload;

/**
 * Sends one image to POST /api/uploads (docs/product.md §7 "Upload image"). XMLHttpRequest rather than fetch, because
 * only it reports upload progress: `onProgress` gets the sent fraction, 0 to 1. Same origin, so the session
 * cookie goes along. Aborting through `signal` rejects with the signal's reason (an AbortError).
 */
export function uploadImage(
  file: File,
  folder: ImageFolder,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    signal?.addEventListener("abort", abort, { once: true });

    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const body = parseJson(request.responseText);
      if (request.status === 201 && isUploadedImage(body)) {
        onProgress(1);
        resolve({ path: body.path, url: body.url });
        return;
      }
      // Like every owner request (client.ts): a 401 means the session ended.
      if (request.status === 401) reportSessionEnded();
      reject(AdminApiError.fromBody(request.status, request.statusText, body));
    });
    request.addEventListener("error", () => {
      reject(new AdminApiError(0, "Network error: the image did not reach the server."));
    });
    request.addEventListener("abort", () => reject(signal ? abortReason(signal) : abortError()));
    request.addEventListener("loadend", () => signal?.removeEventListener("abort", abort));

    const form = new FormData();
    form.append("folder", folder);
    form.append("file", file, file.name);
    request.open("POST", "/api/uploads");
    request.setRequestHeader("Accept", "application/json");
    request.send(form);
  });
}

/**
 * The text to show for a failed upload in the visitor's language: the server's message, or the dictionary's
 * when the request never reached the server (the browser gives no text for that).
 */
export function describeUploadError(error: unknown, t: Translate): string {
  if (error instanceof AdminApiError && error.status !== 0) return error.message;
  return t("imageField.networkError");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isUploadedImage(body: unknown): body is UploadedImage {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as UploadedImage).path === "string" &&
    typeof (body as UploadedImage).url === "string"
  );
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : abortError();
}

function abortError(): DOMException {
  return new DOMException("The upload was aborted.", "AbortError");
}
