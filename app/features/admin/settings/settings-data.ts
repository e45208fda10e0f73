import { data } from "react-router";
import { isSettingsSection, type SiteSettings } from "#core/site-settings.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { attempt, readSubmission, respond } from "#app/features/admin/api/mutation.ts";
import { saveWithImages } from "#app/features/admin/api/uploads.ts";

// The site's settings, a section at a time (docs/product.md §17): each section is read with the whole document and
// saved whole (PUT /api/settings takes the document), with its images uploaded first; "reset to default" puts one
// section back (DELETE /api/settings/{section}).

/** The images of the settings a form may replace. */
export const SETTINGS_IMAGES = ["portrait", "aboutImage"] as const;

export async function loadSection(section: string) {
  if (!isSettingsSection(section)) throw data(null, { status: 404 });
  return { section, settings: await call(() => api.settings.$get()) };
}

export type SectionInput = { intent: "save"; settings: SiteSettings } | { intent: "reset" };

export async function sectionAction(request: Request, section: string) {
  const { input, files } = await readSubmission<SectionInput>(request);
  if (input.intent === "reset") {
    if (!isSettingsSection(section)) throw data(null, { status: 404 });
    return respond(
      await attempt("errors.saveSettings", () =>
        call(() => api.settings[":section"].$delete({ param: { section } })),
      ),
    );
  }
  return respond(
    await saveWithImages({
      files: { portrait: files.portrait, aboutImage: files.aboutImage },
      folder: "site",
      fieldOf: (name) => `${name}.url`,
      titleKey: "errors.saveSettings",
      save: (urls) => {
        const json = { ...input.settings };
        for (const name of SETTINGS_IMAGES) {
          const url = urls[name];
          if (url) json[name] = { ...json[name], url };
        }
        return call(() => api.settings.$put({ json }));
      },
    }),
  );
}
