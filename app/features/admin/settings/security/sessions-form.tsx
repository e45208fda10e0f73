import { LogOut, Monitor } from "lucide-react";
import { useId, useState } from "react";
import { formatShortDateTime } from "#core/dates.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { failureText, useMutation, type Failure } from "#app/features/admin/api/mutation.ts";
import { PasswordConfirmDialog } from "#app/features/admin/forms/password-confirm-dialog.tsx";
import type { loadSecurity } from "./security-data.ts";

type Session = Awaited<ReturnType<typeof loadSecurity>>["sessions"][number];

/** A refusal of the password (wrong, or too many tries) stays in its dialog; anything else is a toast. */
export const refusesPassword = (failure: Failure) =>
  failure.status === 429 || failure.issues.some((issue) => issue.path === "password");

/**
 * Where the owner is signed in (docs/product.md §26.1): each browser with its address, when it signed in and was
 * last seen; any other one can be signed out, or all of them at once after the password again.
 */
export function SessionsForm({ sessions }: { sessions: Session[] }) {
  const { t, locale } = useI18n();
  const { timeZone } = useSite();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const end = useMutation({ onSuccess: () => toast({ title: t("admin.settings.sessions.ended") }) });
  const endOthers = useMutation<{ ended: number }>({
    quiet: refusesPassword,
    onSuccess: ({ ended }) => {
      setConfirming(false);
      toast({ title: t("admin.settings.password.endedOthers", { count: ended }) });
    },
  });
  const others = sessions.filter((session) => !session.current).length;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t("admin.settings.sessions.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("admin.settings.sessions.text")}</p>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <Monitor aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="flex flex-wrap items-center gap-2 font-semibold">
                <bdi>{session.device || t("admin.settings.sessions.unknownDevice")}</bdi>
                {session.current ? (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                    {t("admin.settings.sessions.current")}
                  </span>
                ) : null}
              </span>
              <span className="text-xs text-muted-foreground">
                {session.address ? (
                  <>
                    <bdi>{session.address}</bdi>
                    {" · "}
                  </>
                ) : null}
                {t("admin.settings.sessions.signedIn", {
                  time: formatShortDateTime(session.createdAt, locale, timeZone),
                })}
                {" · "}
                {t("admin.settings.sessions.lastSeen", {
                  time: formatShortDateTime(session.lastSeenAt, locale, timeZone),
                })}
              </span>
            </span>
            {session.current ? null : (
              <button
                type="button"
                onClick={() => void end.submit({ intent: "endSession", id: session.id })}
                className="rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
              >
                {t("admin.settings.sessions.end")}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="inline-flex items-center gap-2 self-start rounded-md border border-border px-4 py-2 text-sm font-medium hover:bg-muted"
        >
          <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t("admin.settings.password.endOthers")}
        </button>
      ) : null}
      <PasswordConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) endOthers.clear();
          setConfirming(open);
        }}
        title={t("admin.settings.sessions.endOthersTitle")}
        description={t("admin.settings.sessions.endOthersText")}
        confirmLabel={t("admin.settings.password.endOthers")}
        busy={endOthers.busy}
        error={
          endOthers.failed && refusesPassword(endOthers.failed) ? failureText(t, endOthers.failed) : undefined
        }
        onConfirm={(password) => void endOthers.submit({ intent: "endOthers", password })}
      />
    </section>
  );
}
