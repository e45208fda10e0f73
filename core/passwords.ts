// The owner password's rules (docs/product.md §11.1), one place for the server's check of ADMIN_PASSWORD, the
// admin's password change and `npm run admin:password`.

/** Long enough for a pass phrase, short enough that hashing stays cheap (no cap below 64, as required). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

/** Why a new password is refused, as a key of core/api-errors.ts (for the admin), or null when it is acceptable. */
export function passwordIssue(password: string) {
  if ([...password].length < PASSWORD_MIN_LENGTH)
    return { key: "passwordTooShort", vars: { count: PASSWORD_MIN_LENGTH } } as const;
  if (password.length > PASSWORD_MAX_LENGTH)
    return { key: "passwordTooLong", vars: { count: PASSWORD_MAX_LENGTH } } as const;
  if (password.trim() !== password) return { key: "passwordSpaces", vars: { count: 0 } } as const;
  return null;
}

/** Why a new password is refused, in English for the command line, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH)
    return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim() !== password) return "The password must not start or end with spaces.";
  return null;
}
