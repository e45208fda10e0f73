import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

// The admin forms' inputs: one look for every field, labels always visible, hints and the refusal of the field
// tied to their input (aria-describedby), the refusal in red under it. `field` is the input's registration with
// its form (react-hook-form's `register(name)`), spread on the element itself.

type Registration = UseFormRegisterReturn;

export const inputClass =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-foreground shadow-sm placeholder:text-muted-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 disabled:opacity-60";

/** What an input of a field says about its hint and error: the ids that describe it, and whether it is wrong. */
export function describedBy(id: string, { hint, error }: { hint?: string; error?: string }) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { "aria-describedby": ids || undefined, "aria-invalid": error ? true : undefined };
}

/** The server's message for one field, in the page's language. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} dir="auto" className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

const errorBorder = (error?: string) => (error ? " border-destructive" : "");

export function TextInput({
  id,
  label,
  hint,
  error,
  field,
  ...props
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  field?: Registration;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        {...describedBy(id, { hint, error })}
        className={inputClass + errorBorder(error)}
        {...props}
        {...field}
      />
    </Field>
  );
}

export function TextArea({
  id,
  label,
  error,
  field,
  ...props
}: {
  id: string;
  label: string;
  error?: string;
  field?: Registration;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field id={id} label={label} error={error}>
      <textarea
        id={id}
        {...describedBy(id, { error })}
        className={inputClass + errorBorder(error)}
        {...props}
        {...field}
      />
    </Field>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  // aria-disabled rather than disabled while busy: a disabled button loses focus, which then falls to <body>
  // and the keyboard user has to find their way back after every save.
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
      className="inline-flex items-center justify-center gap-2 rounded-md bg-primary px-5 py-2.5 font-semibold text-primary-foreground hover:opacity-90 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

export function CheckboxField({
  id,
  label,
  hint,
  field,
}: {
  id: string;
  label: string;
  hint?: string;
  field: Registration;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        {...field}
        {...describedBy(id, { hint })}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
