import { RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import {
  SETTINGS_SECTIONS,
  SiteSettingsSchema,
  type SettingsField,
  type SettingsSection,
  type SiteSettings,
} from "#core/site-settings.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useMutation, useFieldRefusal } from "#app/features/admin/api/mutation.ts";
import { SubmitButton } from "#app/features/admin/forms/form-controls.tsx";
import { LeaveGuard } from "#app/features/admin/forms/leave-guard.tsx";
import { schemaResolver } from "#app/features/admin/forms/schema-resolver.ts";
import { SectionFields } from "./section-fields.tsx";
import type { SettingsValues } from "./settings-fields.tsx";

const NO_FILES = { portrait: null, aboutImage: null };

/**
 * One section of the settings (docs/product.md §17): its fields, checked with the settings' own schema, saved with
 * the rest of the document as it stands (the images chosen are uploaded first), and its "reset to default". The
 * save button ends the form and never covers it.
 */
export function SectionForm({ section, settings }: { section: SettingsSection; settings: SiteSettings }) {
  const { t, language } = useI18n();
  const id = useId();
  const [resetting, setResetting] = useState(false);
  const sectionName = t(`admin.settings.sections.${section}`);
  const form = useForm<SettingsValues>({
    defaultValues: { ...settings, files: NO_FILES },
    resolver: schemaResolver({
      schema: SiteSettingsSchema.pick(
        Object.fromEntries(SETTINGS_SECTIONS[section].map((field) => [field, true])) as Partial<
          Record<SettingsField, true>
        >,
      ),
      language,
    }),
  });
  const showSaved = (saved: SiteSettings, message: string) => {
    form.reset({ ...saved, files: NO_FILES });
    toast({ title: message });
  };
  const save = useMutation<SiteSettings, SettingsValues>({
    setError: form.setError,
    onSuccess: (saved) => showSaved(saved, t("admin.settings.saved")),
  });
  const reset = useMutation<SiteSettings>({
    onSuccess: (saved) => showSaved(saved, t("admin.settings.resetDone", { section: sectionName })),
  });
  const refused = useFieldRefusal();
  const submit = form.handleSubmit(
    ({ files, ...values }) => save.submit({ intent: "save", settings: values }, files),
    refused,
  );

  return (
    <FormProvider {...form}>
      <section
        aria-labelledby={`${id}-title`}
        className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-3">
          <h3 id={`${id}-title`} className="me-auto text-lg font-bold">
            {sectionName}
          </h3>
          <button
            type="button"
            onClick={() => setResetting(true)}
            aria-label={`${t("admin.settings.reset")}: ${sectionName}`}
            className="inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
          >
            <RotateCcw aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t("admin.settings.reset")}
          </button>
        </div>
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <SectionFields section={section} />
          <div>
            <SubmitButton
              busy={save.busy}
              label={t("admin.settings.save")}
              busyLabel={t("admin.processing")}
            />
          </div>
        </form>
      </section>
      <ConfirmDialog
        open={resetting}
        onOpenChange={setResetting}
        title={t("admin.settings.resetTitle")}
        description={t("admin.settings.resetText", { section: sectionName })}
        cancelLabel={t("admin.common.cancel")}
        confirmLabel={t("admin.settings.reset")}
        onConfirm={() => void reset.submit({ intent: "reset" })}
      />
      <LeaveGuard when={form.formState.isDirty && !save.busy} />
    </FormProvider>
  );
}
