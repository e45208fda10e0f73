import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { issueText, type SchemaIssue } from "#core/api-errors.ts";
import type { Language } from "#core/preferences.ts";

/**
 * A react-hook-form resolver that checks a form with the schema the API checks the same data with (db/inputs.ts,
 * core/site-settings.ts): a refusal shows under its field, in the page's language, before anything is sent, with
 * the very text the server would answer (core/api-errors.ts `issueText`, which names the limits an issue carries;
 * @hookform/resolvers' zodResolver keeps only an issue's message, here the key, so its nesting helper is used
 * alone). `toBody` turns the form's values into what the API takes, `fieldOf` names the field an issue's path is
 * shown under, and `rules` adds what the server checks beyond the schema.
 */
export function schemaResolver<Values extends FieldValues>(options: {
  schema: z.ZodType;
  language: Language;
  toBody?: (values: Values) => unknown;
  fieldOf?: (path: string) => string;
  rules?: (values: Values) => (SchemaIssue & { path: PropertyKey[] })[];
}): Resolver<Values> {
  const { schema, language, toBody = (values) => values, fieldOf = (path) => path, rules } = options;
  return (values, _context, resolverOptions) => {
    const parsed = schema.safeParse(toBody(values));
    const issues = [...(parsed.success ? [] : parsed.error.issues), ...(rules?.(values) ?? [])];
    if (issues.length === 0) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of issues)
      errors[fieldOf(issue.path.map(String).join("."))] ??= {
        type: issue.code ?? "custom",
        message: issueText(language, issue),
      };
    return { values: {}, errors: toNestErrors<Values>(errors, resolverOptions) };
  };
}
