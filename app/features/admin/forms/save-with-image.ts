import { toast } from "#app/components/ui/toast.tsx";
import type { Translate } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { AdminApiError, api, call, type FieldIssue } from "#app/features/admin/api/client.ts";
import { describeUploadError, uploadImage } from "#app/features/admin/api/upload-image.ts";

/**
 * Uploads the chosen image (if any), then saves the row that points at it. An upload error stops everything
 * with 'Error uploading image' (docs/product.md §8); a failed save removes the image it had just uploaded, so no file is
 * left without a row. Returns whether the row was saved.
 */
export async function saveWithImage({
  t,
  file,
  folder,
  currentUrl,
  onProgress,
  save,
  errorTitleKey,
  onIssues,
}: {
  t: Translate;
  file: File | null;
  folder: "projects" | "articles";
  currentUrl: string | null;
  onProgress: (fraction: number | null) => void;
  save: (imageUrl: string | null) => Promise<unknown>;
  errorTitleKey: TranslationKey;
  /** The fields the server refused, to show under each (the toast still says what failed). */
  onIssues: (issues: readonly FieldIssue[]) => void;
}): Promise<boolean> {
  let uploaded: { path: string; url: string } | null = null;
  if (file) {
    try {
      onProgress(0);
      uploaded = await uploadImage(file, folder, onProgress);
    } catch (error) {
      const description = describeUploadError(error, t);
      onIssues([{ path: "image_url", message: description }]);
      toast({ title: t("errors.uploadImage"), description, variant: "destructive" });
      return false;
    } finally {
      onProgress(null);
    }
  }
  try {
    await save(uploaded ? uploaded.url : currentUrl);
    return true;
  } catch (error) {
    if (uploaded) {
      // The row was not saved: the new file must not linger. A failure here is only logged by the server.
      const [folder, name] = uploaded.path.split("/") as [string, string];
      await call(() => api.uploads[":folder"][":name"].$delete({ param: { folder, name } })).catch(
        () => undefined,
      );
    }
    if (error instanceof AdminApiError) onIssues(error.issues);
    toast({ title: t(errorTitleKey), description: messageOf(error), variant: "destructive" });
    return false;
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
