import { apiErrorText } from "#core/api-errors.ts";
import { MAX_UPLOAD_BYTES, type ImageFolder } from "#core/images.ts";
import { parseLanguage } from "#core/preferences.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import type { StoredUpload } from "#server/features/uploads/service.ts";
import { AdminApiError, api, call, postForm } from "./client.ts";
import { attempt, failed, type Outcome } from "./mutation.ts";

// Images the owner chooses in a form are uploaded when the form is saved (docs/product.md §7 "Upload image"), by the
// form's clientAction, right before the row that points at them.

/** The server's refusal of an image over the limit, said before a byte of it is sent (docs/product.md §13.1). */
export function tooLargeRefusal(file: File): AdminApiError | null {
  if (file.size <= MAX_UPLOAD_BYTES) return null;
  const message = apiErrorText(parseLanguage(document.documentElement.lang), "uploadTooLarge", {
    max: MAX_UPLOAD_BYTES / 2 ** 20,
  });
  return new AdminApiError(413, message);
}

/** Stores one image (POST /api/uploads, multipart): its path in the bucket and its public URL. */
async function uploadImage(file: File, folder: ImageFolder): Promise<StoredUpload> {
  const refusal = tooLargeRefusal(file);
  if (refusal) throw refusal;
  const form = new FormData();
  form.append("folder", folder);
  form.append("file", file, file.name);
  return (await postForm("/api/uploads", form)) as StoredUpload;
}

/** Removes an upload no row points at (a save that failed after it); a failure is only logged by the server. */
async function removeUpload(upload: StoredUpload): Promise<void> {
  const [folder = "", name = ""] = upload.path.split("/");
  await call(() => api.uploads[":folder"][":name"].$delete({ param: { folder, name } })).catch(
    () => undefined,
  );
}

/**
 * Uploads each chosen image, then runs `save` with their URLs (by the names `files` gives them). An upload error
 * stops everything with "Error uploading image", the server's message under the image's field (docs/product.md §8);
 * a failed save removes the images it had just uploaded, so no file is left without a row.
 */
export async function saveWithImages<Name extends string, T>(options: {
  files: Partial<Record<Name, File | null>>;
  folder: ImageFolder;
  /** The field a refused upload is shown under. */
  fieldOf: (name: Name) => string;
  titleKey: TranslationKey;
  save: (urls: Partial<Record<Name, string>>) => Promise<T>;
}): Promise<Outcome<T>> {
  const uploaded: { name: Name; upload: StoredUpload }[] = [];
  for (const [name, file] of Object.entries(options.files) as [Name, File | null | undefined][]) {
    if (!file) continue;
    try {
      uploaded.push({ name, upload: await uploadImage(file, options.folder) });
    } catch (error) {
      for (const { upload } of uploaded) await removeUpload(upload);
      return failed("errors.uploadImage", error, { field: options.fieldOf(name) });
    }
  }
  const urls: Partial<Record<Name, string>> = {};
  for (const { name, upload } of uploaded) urls[name] = upload.url;
  const outcome = await attempt(options.titleKey, () => options.save(urls));
  if (!outcome.ok) for (const { upload } of uploaded) await removeUpload(upload);
  return outcome;
}
