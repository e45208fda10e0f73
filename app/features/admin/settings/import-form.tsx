import { FileUp, Upload } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { apiErrorText } from "#core/api-errors.ts";
import { MAX_IMPORT_BYTES } from "#core/moving-limits.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { failureText, useMutation } from "#app/features/admin/api/mutation.ts";
import { FieldError } from "#app/features/admin/forms/form-controls.tsx";
import type { ImportAnswer, ImportPlan, ImportResult } from "./import-data.ts";

// The admin's Import page (docs/product.md §31): the owner chooses a file, sees what importing it will do (how
// many articles are created and updated, what is skipped and why), confirms, and sees what was done. A file larger
// than the server takes is refused here, before a byte is sent; the server checks it again.

const MAX_MB = MAX_IMPORT_BYTES / 2 ** 20;

const buttonClass =
  "inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold aria-disabled:opacity-60";
const primaryClass = `${buttonClass} bg-primary text-primary-foreground hover:opacity-90`;
const secondaryClass = `${buttonClass} border border-border hover:bg-muted`;

export function ImportForm() {
  const { t, language } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const mutation = useMutation<ImportAnswer>({
    onSuccess: (answer) => {
      if (answer.step === "preview") setPlan(answer.plan);
      else {
        setPlan(null);
        setResult(answer.result);
        toast({ title: t("moving.doneTitle") });
      }
    },
  });
  const failure = mutation.failed;
  const fileError = refusal ?? (failure ? failureText(t, failure) : undefined);

  const reset = () => {
    setPlan(null);
    setResult(null);
    setChosen(null);
    setRefusal(undefined);
    mutation.clear();
    if (input.current) input.current.value = "";
    input.current?.focus();
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.busy) return;
    const file = input.current?.files?.[0];
    if (!file) return setRefusal(apiErrorText(language, "importNoFile"));
    if (file.size > MAX_IMPORT_BYTES)
      return setRefusal(apiErrorText(language, "importTooLarge", { max: MAX_MB }));
    setRefusal(undefined);
    setResult(null);
    setChosen(file);
    void mutation.submit({ step: "preview" }, { source: file });
  };

  const confirm = () => {
    if (mutation.busy || !chosen) return;
    void mutation.submit({ step: "import" }, { source: chosen });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t("moving.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("moving.text")}</p>
      <form onSubmit={check} className="flex flex-wrap items-end gap-3" noValidate>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-semibold">
            {t("moving.file")}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept=".zip,.xml,.json,.md,.markdown,application/zip,application/xml,text/xml,application/json,text/markdown"
            aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ""}`}
            aria-invalid={fileError ? true : undefined}
            onChange={() => {
              setRefusal(undefined);
              setPlan(null);
              setResult(null);
              mutation.clear();
            }}
            className="max-w-full text-sm file:me-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:font-medium"
          />
          <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
            {t("moving.fileHint", { max: MAX_MB })}
          </p>
          <FieldError id={`${id}-file`} error={fileError} />
        </div>
        <button type="submit" aria-disabled={mutation.busy || undefined} className={secondaryClass}>
          <FileUp aria-hidden="true" className="size-4" />
          {mutation.busy && !plan ? t("moving.checking") : t("moving.check")}
        </button>
      </form>
      {plan && chosen ? (
        <Preview plan={plan} file={chosen.name} busy={mutation.busy} onConfirm={confirm} onCancel={reset} />
      ) : null}
      {result ? <Result result={result} onAgain={reset} /> : null}
    </section>
  );
}

function Preview({
  plan,
  file,
  busy,
  onConfirm,
  onCancel,
}: {
  plan: ImportPlan;
  file: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const nothing =
    plan.create +
      plan.update +
      plan.projects.create +
      plan.projects.update +
      plan.testimonials.create +
      plan.testimonials.update ===
      0 && !plan.settings;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4"
    >
      <h4 id={`${id}-title`} className="font-bold break-words">
        {t("moving.previewTitle", { file: "\u2068" + file + "\u2069" })}
      </h4>
      <p className="text-sm text-muted-foreground">{t(`moving.format.${plan.format}`)}</p>
      <ul className="flex list-disc flex-col gap-1 ps-5 text-sm">
        <li>{t("moving.create", { count: plan.create })}</li>
        <li>{t("moving.update", { count: plan.update })}</li>
        {plan.projects.create > 0 ? (
          <li>{t("moving.projectsCreate", { count: plan.projects.create })}</li>
        ) : null}
        {plan.projects.update > 0 ? (
          <li>{t("moving.projectsUpdate", { count: plan.projects.update })}</li>
        ) : null}
        {plan.testimonials.create > 0 ? (
          <li>{t("moving.testimonialsCreate", { count: plan.testimonials.create })}</li>
        ) : null}
        {plan.testimonials.update > 0 ? (
          <li>{t("moving.testimonialsUpdate", { count: plan.testimonials.update })}</li>
        ) : null}
        {plan.settings ? <li>{t("moving.settings")}</li> : null}
        {plan.images.files > 0 ? <li>{t("moving.imageFiles", { count: plan.images.files })}</li> : null}
        {plan.images.urls > 0 ? <li>{t("moving.imageUrls", { count: plan.images.urls })}</li> : null}
      </ul>
      <Skipped skipped={plan.skipped} />
      {nothing ? <p className="text-sm font-medium">{t("moving.nothing")}</p> : null}
      <div className="flex flex-wrap gap-3">
        {nothing ? null : (
          <button
            type="button"
            onClick={onConfirm}
            aria-disabled={busy || undefined}
            className={primaryClass}
          >
            <Upload aria-hidden="true" className="size-4" />
            {busy ? t("moving.importing") : t("moving.confirm")}
          </button>
        )}
        <button type="button" onClick={onCancel} className={secondaryClass}>
          {t("moving.cancel")}
        </button>
      </div>
    </section>
  );
}

/** What the source holds that is not imported, each with its reason in the owner's language. */
function Skipped({ skipped, done = false }: { skipped: ImportPlan["skipped"]; done?: boolean }) {
  const { t } = useI18n();
  if (skipped.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>{t(done ? "moving.skip.countDone" : "moving.skip.count", { count: skipped.length })}</p>
      <ul className="flex list-disc flex-col gap-1 ps-5">
        {skipped.map((skip, index) => (
          <li key={index} className="break-words">
            {t("moving.skip.item", {
              // The source's title is in a language nobody told us: isolated, so it cannot reorder the sentence.
              label: "\u2068" + skip.label + "\u2069",
              reason: t(`moving.skip.${skip.reason}`),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Result({ result, onAgain }: { result: ImportResult; onAgain: () => void }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4"
    >
      <h4 id={`${id}-title`} className="font-bold">
        {t("moving.doneTitle")}
      </h4>
      <ul className="flex list-disc flex-col gap-1 ps-5 text-sm">
        <li>{t("moving.created", { count: result.create })}</li>
        <li>{t("moving.updated", { count: result.update })}</li>
        {result.unchanged > 0 ? <li>{t("moving.unchanged", { count: result.unchanged })}</li> : null}
      </ul>
      <Skipped skipped={result.skipped} done />
      {result.imagesFailed.length > 0 ? (
        <div className="flex flex-col gap-1 text-sm">
          <p>{t("moving.imagesFailed", { count: result.imagesFailed.length })}</p>
          <ul className="flex list-disc flex-col gap-1 ps-5">
            {result.imagesFailed.map((address) => (
              <li key={address} dir="ltr" className="break-all text-start">
                {address}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Link to="../../articles" relative="path" className={primaryClass}>
          {t("moving.seeArticles")}
        </Link>
        <button type="button" onClick={onAgain} className={secondaryClass}>
          {t("moving.again")}
        </button>
      </div>
    </section>
  );
}
