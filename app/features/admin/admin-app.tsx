import * as Tabs from "@radix-ui/react-tabs";
import { LogOut } from "lucide-react";
import { useEffect, useState } from "react";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { api, call, onSessionEnded } from "./api/client.ts";
import { ActivityPanel } from "./panels/activity-panel.tsx";
import { ArticlesPanel } from "./panels/articles-panel.tsx";
import { MessagesPanel, useInbox } from "./panels/inbox-panel.tsx";
import { ProjectsPanel } from "./panels/projects-panel.tsx";
import { messageOf } from "./forms/save-with-image.ts";
import { SettingsPanel } from "./panels/settings-panel.tsx";
import { SignInForm } from "./forms/sign-in-form.tsx";
import { readListParam, writeListParams } from "./panels/list-address.ts";
import { allowRuntimeStyles } from "./style-nonce.ts";

// The admin page (docs/product.md §2 "Admin page"), behind the owner's sign-in. When the session ends mid-edit, the
// sign-in comes back as a dialog over the forms, which stay mounted: nothing typed is lost.

type Status = "checking" | "signedOut" | "signedIn";

// This module loads in the browser only (app/routes/admin.tsx), before any of the admin's dialogs can open.
allowRuntimeStyles();

export default function AdminApp() {
  const { t } = useI18n();
  const [status, setStatus] = useState<Status>("checking");
  const [sessionEnded, setSessionEnded] = useState(false);

  useEffect(() => {
    let live = true;
    call(() => api.auth.session.$get()).then(
      (session) => live && setStatus(session.signedIn ? "signedIn" : "signedOut"),
      () => live && setStatus("signedOut"),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => onSessionEnded(() => setSessionEnded(true)), []);

  if (status === "checking") return <Spinner className="py-24" />;

  if (status === "signedOut") {
    return (
      <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-20">
        <header className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-bold">{t("admin.signIn.title")}</h1>
          <p className="text-muted-foreground">{t("admin.signIn.text")}</p>
        </header>
        <div className="rounded-xl border border-border bg-card p-6 shadow-sm">
          <SignInForm onSignedIn={() => setStatus("signedIn")} />
        </div>
      </section>
    );
  }

  return (
    <>
      <AdminDashboard onSignedOut={() => setStatus("signedOut")} />
      <Dialog
        open={sessionEnded}
        onOpenChange={() => undefined}
        dismissible={false}
        title={t("admin.signIn.expiredTitle")}
        description={t("admin.signIn.expiredText")}
        closeLabel={t("admin.common.close")}
      >
        <SignInForm onSignedIn={() => setSessionEnded(false)} />
      </Dialog>
    </>
  );
}

const TABS = ["projects", "articles", "messages", "settings", "activity"] as const;

function AdminDashboard({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useI18n();
  const [signingOut, setSigningOut] = useState(false);
  const inbox = useInbox();
  const unread = inbox.inbox?.unread ?? 0;

  async function signOut() {
    setSigningOut(true);
    try {
      await call(() => api.auth.logout.$post());
      onSignedOut();
    } catch (error) {
      toast({ title: t("errors.signOut"), description: messageOf(error), variant: "destructive" });
      setSigningOut(false);
    }
  }

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-12 sm:px-6">
      <header className="flex flex-wrap items-center gap-4">
        <div className="me-auto flex flex-col gap-1">
          <h1 className="text-3xl font-bold">{t("admin.title")}</h1>
          <p className="text-muted-foreground">{t("admin.subtitle")}</p>
        </div>
        <button
          type="button"
          onClick={() => void signOut()}
          disabled={signingOut}
          className="inline-flex items-center gap-2 rounded-md border border-border px-4 py-2 font-medium hover:bg-muted disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {signingOut ? t("admin.signingOut") : t("admin.signOut")}
        </button>
      </header>
      <Tabs.Root
        defaultValue={TABS.find((tab) => tab === readListParam("tab")) ?? "projects"}
        // The open tab is in the address too (docs/product.md §21): a reload or Back comes back to it.
        onValueChange={(tab) => writeListParams({ tab: tab === "projects" ? null : tab })}
        className="flex flex-col gap-6"
      >
        <Tabs.List
          aria-label={t("admin.tabs.label")}
          className="flex flex-wrap gap-1 self-start rounded-lg bg-muted p-1"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="rounded-md px-4 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {t(`admin.tabs.${tab}`)}
              {tab === "messages" && unread > 0 ? (
                <span
                  aria-label={t("admin.messages.unreadCount", { count: unread })}
                  className="ms-2 rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
                >
                  {unread}
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Every tab stays mounted: switching tabs must not throw away a half-written form. */}
        <Tabs.Content value="projects" forceMount className="data-[state=inactive]:hidden">
          <ProjectsPanel />
        </Tabs.Content>
        <Tabs.Content value="articles" forceMount className="data-[state=inactive]:hidden">
          <ArticlesPanel />
        </Tabs.Content>
        <Tabs.Content value="messages" forceMount className="data-[state=inactive]:hidden">
          <MessagesPanel {...inbox} />
        </Tabs.Content>
        <Tabs.Content value="settings" forceMount className="data-[state=inactive]:hidden">
          <SettingsPanel />
        </Tabs.Content>
        <Tabs.Content value="activity" forceMount className="data-[state=inactive]:hidden">
          <ActivityPanel />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
