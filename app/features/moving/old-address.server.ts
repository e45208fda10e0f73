import { redirect, type RouterContextProvider } from "react-router";
import { getServices } from "#app/lib/services.server.ts";

// An address an imported item had on the site it came from (docs/product.md §31) answers 301 to its address here;
// any other unknown address stays a 404.
export async function redirectOldAddress(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<void> {
  const target = await getServices(context)
    .moving.oldAddress(new URL(request.url).pathname)
    .catch(() => null);
  if (target) throw redirect(target, 301);
}
