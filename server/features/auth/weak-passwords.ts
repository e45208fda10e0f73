// Passwords an attacker tries first (docs/product.md §11): the 49,000 most common ones of zxcvbn-ts's list
// (@zxcvbn-ts/language-common, loaded on first use), also with digits or signs added around them or spaces
// taken out, and anything built on the owner's own name or e-mail address.

let common: Promise<Set<string>> | undefined;

async function commonPasswords(): Promise<Set<string>> {
  const { dictionary } = await import("@zxcvbn-ts/language-common");
  return new Set(dictionary["passwords-common"].map((word) => word.toLowerCase()));
}

/** The ways a guesser varies a common password: the same letters, without what was put around or between them. */
function variants(password: string): string[] {
  const lower = password.toLowerCase().normalize("NFKC");
  const joined = lower.replace(/\s+/g, "");
  const core = joined.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return [...new Set([lower, joined, core])].filter((variant) => variant.length >= 4);
}

/** The words of the owner's name (3 letters or more) and the e-mail address with its local part. */
function personalWords(personal: string[]): string[] {
  const words = new Set<string>();
  for (const value of personal) {
    const lower = value.toLowerCase().normalize("NFKC").trim();
    if (!lower) continue;
    if (lower.includes("@")) {
      words.add(lower);
      const local = lower.split("@")[0]!;
      if (local.length >= 3) words.add(local);
      continue;
    }
    for (const word of lower.split(/[^\p{L}\p{N}]+/u)) if ([...word].length >= 3) words.add(word);
  }
  return [...words];
}

/**
 * Why a new password is too easy to guess, as a key of core/api-errors.ts, or null. `personal`: the owner's name
 * in each language and e-mail address.
 */
export async function passwordWeakness(
  password: string,
  personal: string[],
): Promise<"passwordCommon" | "passwordPersonal" | null> {
  const lower = password.toLowerCase().normalize("NFKC");
  if (personalWords(personal).some((word) => lower.includes(word))) return "passwordPersonal";
  common ??= commonPasswords();
  const list = await common;
  return variants(password).some((variant) => list.has(variant)) ? "passwordCommon" : null;
}
