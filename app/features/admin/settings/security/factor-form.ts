import type { SecurityInput } from "./security-data.ts";

// What the parts of the second factors' section share: the values typed in it and the way a change is sent.

export interface FactorValues {
  password: string;
  code: string;
  name: string;
}

/** Sends one change with the values typed; what it needs beyond the password comes from `extra`. */
export type RunChange = (
  intent: SecurityInput["intent"],
  extra?: (values: FactorValues) => Record<string, string>,
) => void;

export const secondaryButton =
  "inline-flex items-center gap-2 self-start rounded-md border border-border px-4 py-2 text-sm font-medium hover:bg-muted aria-disabled:opacity-60";
