import { api, call } from "#app/features/admin/api/client.ts";
import { attempt, failed, respond } from "#app/features/admin/api/mutation.ts";

// The admin route's writes (docs/product.md §11, §22): the password, then a code or a passkey when a second factor
// is on, and signing out. After each, React Router reloads the admin's data, whose session check then shows the
// views or the sign-in.

/** What a step of signing in answers: signed in, or the second step it needs. */
export type SignInStep = { signedIn: boolean; secondFactor: { totp: boolean; passkey: boolean } | null };

export async function signInAction(request: Request) {
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  switch (field("intent")) {
    case "password":
      return respond(
        await attempt("errors.signIn", async (): Promise<SignInStep> => {
          const code = field("code").trim();
          const answer = await call(() =>
            api.auth.login.$post({ json: { password: field("password"), ...(code ? { code } : {}) } }),
          );
          return "secondFactor" in answer
            ? { signedIn: false, secondFactor: answer.secondFactor }
            : { signedIn: true, secondFactor: null };
        }),
      );
    case "code":
      return respond(
        await attempt("errors.signIn", async (): Promise<SignInStep> => {
          await call(() => api.auth.login.code.$post({ json: { code: field("code") } }));
          return { signedIn: true, secondFactor: null };
        }),
      );
    case "passkey":
      return respond(await signInWithPasskey());
    default:
      return respond(await attempt("errors.signOut", () => call(() => api.auth.logout.$post())));
  }
}

async function signInWithPasskey() {
  // Hono's JSON typing loses the library's buffer types of extensions we never send: its own type says it.
  const options = await attempt("errors.signIn", () => call(() => api.auth.login.passkey.options.$post()));
  if (!options.ok) return options;
  let response;
  try {
    // Loaded when a passkey is used: the sign-in view itself does without it.
    const { startAuthentication } = await import("@simplewebauthn/browser");
    response = await startAuthentication({
      optionsJSON: options.value as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"],
    });
  } catch (error) {
    return failed("errors.signIn", error, { messageKey: "admin.signIn.passkeyCancelled" });
  }
  return attempt("errors.signIn", async (): Promise<SignInStep> => {
    await call(() => api.auth.login.passkey.$post({ json: { response } }));
    return { signedIn: true, secondFactor: null };
  });
}
