import { ADMIN_PAGE_SIZE } from "#core/paging.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { attempt, readSubmission, respond } from "#app/features/admin/api/mutation.ts";
import { followPage, pageOf } from "#app/features/admin/lists/list-query.ts";

// The owner's inbox (docs/product.md §12, §21): a page of messages, newest first, of the inbox or the held folder,
// all or the unread ones, searched (`?folder=held&page=3&unread=1&q=…`), and its writes: one message marked,
// moved to the inbox or deleted, or a page's selection at once.

export async function loadInbox(request: Request) {
  const url = new URL(request.url);
  const folder = url.searchParams.get("folder") === "held" ? "held" : "inbox";
  const unread = url.searchParams.get("unread") === "1";
  const q = url.searchParams.get("q") ?? "";
  const inbox = await call(() =>
    api.messages.$get({
      query: {
        page: String(pageOf(url)),
        perPage: String(ADMIN_PAGE_SIZE),
        ...(folder === "held" ? { folder } : {}),
        ...(unread ? { unread: "1" } : {}),
        ...(q ? { q } : {}),
      },
    }),
  );
  followPage(url, inbox);
  return { inbox, folder, unread, q } as const;
}

export type BulkMessageAction = "read" | "unread" | "delete" | "release";

export type InboxInput =
  | { intent: "read"; id: string; read: boolean }
  | { intent: "delete"; id: string }
  | { intent: "release"; id: string }
  | { intent: "bulk"; action: BulkMessageAction; ids: string[] };

export async function inboxAction(request: Request) {
  const { input } = await readSubmission<InboxInput>(request);
  switch (input.intent) {
    case "read": {
      const { id, read } = input;
      return respond(
        await attempt("errors.updateMessage", async () => {
          await call(() => api.messages[":id"].$patch({ param: { id }, json: { read } }));
          return null;
        }),
      );
    }
    case "delete":
      return respond(
        await attempt("errors.deleteMessage", () =>
          call(() => api.messages[":id"].$delete({ param: { id: input.id } })),
        ),
      );
    case "release":
      return respond(
        await attempt("errors.changeMessages", async () => {
          await call(() => api.messages.bulk.$post({ json: { action: "release", ids: [input.id] } }));
          return null;
        }),
      );
    case "bulk": {
      const { action, ids } = input;
      return respond(
        await attempt("errors.changeMessages", async () => {
          const { changed } = await call(() => api.messages.bulk.$post({ json: { action, ids } }));
          return { action, changed };
        }),
      );
    }
  }
}
