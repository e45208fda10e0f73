import type { TranslationKey } from "#app/i18n/keys.ts";

/**
 * A navigation's data when the server cannot be reached (docs/product.md §4.7, §8.1): a page whose loader can stand
 * in for the server gives its own result with this error, instead of the error screen. `fetch` rejects with a
 * TypeError only when no answer arrived; any other failure goes on to the error boundary.
 */
export async function orWhenUnreachable<T, F>(
  serverLoader: () => Promise<T>,
  fallback: () => F,
): Promise<T | F> {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof TypeError) return fallback();
    throw error;
  }
}

export const UNREACHABLE: TranslationKey = "errors.networkUnavailable";
