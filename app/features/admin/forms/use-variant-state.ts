import { useEffect, useState } from "react";
import { parseImageUrl } from "#core/images.ts";
import { api, call } from "#app/features/admin/api/client.ts";

// An upload's variants are made after it is saved (docs/product.md §13): the image field asks where they stand, and
// asks again every second while they are being made, so the owner sees them become ready without reloading.

const POLL_MS = 1000;

export type VariantState = "pending" | "ready" | "none";

/** Where the variants of a stored image stand; null while unknown or for an image that is not an upload. */
export function useVariantState(url: string | null | undefined): VariantState | null {
  const [state, setState] = useState<{ url: string; state: VariantState } | null>(null);
  useEffect(() => {
    const stored = parseImageUrl(url);
    if (!url || !stored) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const ask = () =>
      call(() => api.uploads[":folder"][":name"].variants.$get({ param: stored })).then(
        (answer) => {
          if (!active) return;
          // An animation keeps its one file: nothing to tell.
          setState({
            url,
            state: answer.state === "ready" && answer.widths.length === 0 ? "none" : answer.state,
          });
          if (answer.state === "pending") timer = setTimeout(() => void ask(), POLL_MS);
        },
        // Only a hint beside the image: an error (the session ended, the network) leaves it unsaid.
        () => undefined,
      );
    void ask();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [url]);
  return state && state.url === url ? state.state : null;
}
