import {
  createContext,
  data,
  type DataStrategyResult,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { api, call } from "./client.ts";

// Who is at the admin page (docs/product.md §11). The admin route's client middleware asks the server once per
// navigation, before any loader of the admin runs; each view's loader then reads the answer instead of calling the
// owner API without a session (which would answer 401 and report a session that never was).

const signedInContext = createContext<boolean>(false);

/** Client middleware of the admin route: is the owner signed in? (A server that cannot be asked: no.) */
export const checkSession: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { context, request },
  next,
) => {
  if (request.method === "GET") {
    const session = await call(() => api.auth.session.$get()).catch(() => ({ signedIn: false }));
    context.set(signedInContext, session.signedIn);
  }
  await next();
};

export function isSignedIn(context: Readonly<RouterContextProvider>): boolean {
  return context.get(signedInContext);
}

/**
 * For a view's loader: nothing to load without the owner. The admin route shows the sign-in instead of its views
 * then, so the view never renders this refusal.
 */
export function requireOwner(context: Readonly<RouterContextProvider>): void {
  if (!isSignedIn(context)) throw data(null, { status: 401 });
}
