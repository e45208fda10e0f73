import { postForm } from "#app/features/admin/api/client.ts";
import { attempt, readSubmission, respond } from "#app/features/admin/api/mutation.ts";

// The admin's Import page (docs/product.md §31) sends the chosen file twice: to the preview, which changes
// nothing, then, once the owner confirms, to the import, which is all or nothing. The server reads the file anew
// each time, so what is imported is exactly what the owner chose, and nothing is held between the two steps.

export type ImportStep = "preview" | "import";

export interface ImportSkip {
  label: string;
  reason: "notAPost" | "trashed" | "noTitle" | "noContent" | "duplicate" | "unreadable";
}

/** The server's answer to the preview (server/features/moving/service.ts ImportPlan). */
export interface ImportPlan {
  format: "sira" | "markdown" | "wordpress" | "ghost";
  create: number;
  update: number;
  unchanged: number;
  items: { label: string; action: "create" | "update" | "unchanged"; languages: ("en" | "ar")[] }[];
  skipped: ImportSkip[];
  images: { files: number; urls: number };
  projects: { create: number; update: number };
  testimonials: { create: number; update: number };
  settings: boolean;
}

/** The server's answer to the import: the plan as it ran, and the images it could not bring in. */
export interface ImportResult extends ImportPlan {
  imagesFailed: string[];
}

export type ImportAnswer = { step: "preview"; plan: ImportPlan } | { step: "import"; result: ImportResult };

export async function importAction(request: Request) {
  const { input, files } = await readSubmission<{ step: ImportStep }>(request);
  const step: ImportStep = input.step === "import" ? "import" : "preview";
  return respond(
    await attempt<ImportAnswer>(
      step === "import" ? "moving.importFailed" : "moving.previewFailed",
      async () => {
        const form = new FormData();
        if (files.source) form.set("file", files.source, files.source.name);
        const answer = await postForm(`/api/moving/${step}`, form);
        return step === "import"
          ? { step, result: answer as ImportResult }
          : { step, plan: answer as ImportPlan };
      },
    ),
  );
}
