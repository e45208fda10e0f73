import { useEffect, useRef } from "react";
import type { FieldErrors, FieldValues, Path, UseFormSetError } from "react-hook-form";
import { data, useFetcher } from "react-router";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n, type Translate } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { AdminApiError, type FieldIssue } from "./client.ts";

// Every write of the admin page goes one way: a form or button submits to its route's clientAction through a
// fetcher; the action calls the API inside `attempt`, which answers an Outcome; `useMutation` turns the outcome
// into what the owner sees: the spec's toast for a failure (docs/product.md §8: its title, the server's message as
// the description), each refused field's message under it, and the caller's own success step.

export type Failure = {
  ok: false;
  /** The toast's title: what failed ("Error adding project"). */
  titleKey: TranslationKey;
  /** The server's message in the page's language, or the dictionary's (`messageKey`) when it gave none. */
  message: string;
  messageKey: TranslationKey;
  issues: FieldIssue[];
  status: number;
};
export type Outcome<T> = { ok: true; value: T } | Failure;

/**
 * What failed, from `error` (anything a call threw): the server's message, shown under `field` when one is named.
 * Without an answer from the server, the dictionary's `messageKey` says what happened (by default: the network).
 */
export function failed(
  titleKey: TranslationKey,
  error: unknown,
  options: { field?: string; messageKey?: TranslationKey } = {},
): Failure {
  const refusal = AdminApiError.from(error);
  const message = refusal.status === 0 ? "" : refusal.message;
  const issues = options.field && message ? [{ path: options.field, message }] : [...refusal.issues];
  const messageKey = options.messageKey ?? "admin.common.networkError";
  return { ok: false, titleKey, message, messageKey, issues, status: refusal.status };
}

/** A failure as the owner reads it. */
export function failureText(t: Translate, failure: Failure): string {
  return failure.message || t(failure.messageKey);
}

/** Runs one write: its answer, or its failure under `titleKey`. */
export async function attempt<T>(titleKey: TranslationKey, work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return failed(titleKey, error);
  }
}

/**
 * What a clientAction answers. A refusal changed nothing: with its 4xx/5xx status React Router does not reload the
 * page's data after it, which also keeps every form as it is while the owner signs in again after a 401.
 */
export function respond<T>(outcome: Outcome<T>) {
  if (outcome.ok) return outcome;
  return data<Outcome<T>>(outcome, { status: outcome.status >= 400 ? outcome.status : 503 });
}

/** The images chosen in a form, by name, to be uploaded by its action. */
export type ChosenFiles = Record<string, File | null | undefined>;

/** What a fetcher sends to a clientAction: `input` as JSON, with the chosen files beside it. */
export function submission(input: object, files: ChosenFiles = {}): FormData {
  const form = new FormData();
  form.set("input", JSON.stringify(input));
  for (const [name, file] of Object.entries(files)) if (file) form.set(`file:${name}`, file, file.name);
  return form;
}

/** What `submission` sent, in a clientAction. The module that submits declares `Input`. */
export async function readSubmission<Input>(
  request: Request,
): Promise<{ input: Input; files: Record<string, File> }> {
  const form = await request.formData();
  const files: Record<string, File> = {};
  for (const [name, value] of form.entries())
    if (name.startsWith("file:") && value instanceof File) files[name.slice("file:".length)] = value;
  const input = form.get("input");
  return { input: JSON.parse(typeof input === "string" ? input : "{}") as Input, files };
}

/** Shows each refused field's message under it (the first one, when a field has several). */
export function showIssues<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  issues: readonly FieldIssue[],
  fieldOf: (path: string) => string = (path) => path,
) {
  const shown = new Set<string>();
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (shown.has(field)) continue;
    shown.add(field);
    setError(field as Path<Values>, { type: "server", message: issue.message });
  }
}

/**
 * A fetcher for one kind of write, and what follows its answer: a failure's toast and its fields' messages, or
 * `onSuccess`.
 */
export function useMutation<T, Values extends FieldValues = FieldValues>(
  options: {
    onSuccess?: (value: T) => void;
    setError?: UseFormSetError<Values>;
    fieldOf?: (path: string) => string;
    /** Whether the caller shows this failure itself, under a field of its own (a password dialog). */
    quiet?: (failure: Failure) => boolean;
  } = {},
) {
  const fetcher = useFetcher<Outcome<T>>();
  const { t } = useI18n();
  const latest = useRef({ options, t });
  useEffect(() => {
    latest.current = { options, t };
  });
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!outcome) return;
    const { options, t } = latest.current;
    if (outcome.ok) {
      options.onSuccess?.(outcome.value);
      return;
    }
    const shown = options.setError && outcome.issues.length > 0;
    if (options.setError) showIssues(options.setError, outcome.issues, options.fieldOf);
    if (options.quiet?.(outcome)) return;
    const warn = () =>
      toast({
        title: t(outcome.titleKey),
        description: failureText(t, outcome),
        variant: "destructive",
      });
    // A refusal told under its field moves the focus there and says why there alone: a toast would cover the field
    // on a phone (docs/product.md §8.2). One whose field this form does not show is told by the toast.
    if (shown) afterRender(() => focusFirstInvalid(document) || warn());
    else warn();
  }, [outcome]);
  return {
    fetcher,
    /** Sends `input` (and the chosen files) to the clientAction of the route this is used in. */
    submit: (input: object, files?: ChosenFiles) =>
      fetcher.submit(submission(input, files), { method: "post", encType: "multipart/form-data" }),
    busy: fetcher.state !== "idle",
    /** Forgets the last answer (a dialog closed on it). */
    clear: () => fetcher.reset(),
    /** The last write's failure, until the next one. */
    failed: outcome && !outcome.ok ? outcome : null,
  };
}

/** Runs `work` once React has drawn what the last updates changed (the fields' messages). */
function afterRender(work: () => void) {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/** Focuses the first field marked in error, in the order the owner reads them; false when there is none. */
export function focusFirstInvalid(root: ParentNode): boolean {
  const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus();
  field.scrollIntoView({ block: "center" });
  return true;
}

/**
 * A form's own checks refused it (before anything is sent): each message is under its field and the focus moves to
 * the first field in error, where the owner reads why; no toast, which would cover the field (docs/product.md §8.2).
 * A refusal of a field the form does not show is told by the "Validation Error" toast.
 */
export function useFieldRefusal() {
  const { t } = useI18n();
  return (errors: FieldErrors, event?: { target?: unknown }) => {
    const form = event?.target instanceof HTMLElement ? (event.target.closest("form") ?? document) : document;
    afterRender(() => {
      if (!focusFirstInvalid(form))
        toast({ title: t("errors.validation"), description: firstMessage(errors), variant: "destructive" });
    });
  };
}

function firstMessage(errors: unknown): string {
  if (typeof errors !== "object" || errors === null) return "";
  const { message } = errors as { message?: unknown };
  if (typeof message === "string" && message !== "") return message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref") continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return "";
}
