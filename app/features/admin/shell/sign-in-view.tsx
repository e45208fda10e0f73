import { useI18n } from "#app/lib/i18n.ts";
import { SignInForm } from "./sign-in-form.tsx";

/** What the admin page shows until the owner has signed in, at whichever of its addresses they came to. */
export function SignInView() {
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-20">
      <header className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold">{t("admin.signIn.title")}</h1>
        <p className="text-muted-foreground">{t("admin.signIn.text")}</p>
      </header>
      <div className="rounded-xl border border-border bg-card p-6 shadow-sm">
        <SignInForm />
      </div>
    </section>
  );
}
