import { postForm } from "#app/features/admin/api/client.ts";
import { attempt, readSubmission, respond } from "#app/features/admin/api/mutation.ts";
import { AdminApiError } from "#app/features/admin/api/client.ts";

// Restoring a backup (docs/product.md §19.2, §26.2): the file with the password again; over a site with content
// the server answers 409 until the owner confirms (`replace`).

export type RestoreInput = { password: string; replace: boolean };

export async function restoreAction(request: Request) {
  const { input, files } = await readSubmission<RestoreInput>(request);
  return respond(
    await attempt("errors.restoreBackup", async () => {
      const form = new FormData();
      if (files.backup) form.set("file", files.backup);
      form.set("password", input.password);
      if (input.replace) form.set("replace", "1");
      try {
        await postForm("/api/backup/restore", form);
        return { restored: true };
      } catch (error) {
        // The site has content: the owner is asked before it is replaced.
        if (error instanceof AdminApiError && error.status === 409) return { restored: false };
        throw error;
      }
    }),
  );
}
