import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiRoutes } from "#server/app.ts";

// The admin page's one way to call the owner API (docs/architecture.md "Contracts between the rooms"), typed from
// the server's routes (Hono's hc): a route's path, body and answer cannot drift from what the server declares. The
// session cookie goes along (same origin); every failure is an AdminApiError carrying the server's message and its
// per-field issues, both already in the visitor's language. A 401 means the session ended: the admin page listens
// for it and asks for the password again without unmounting the forms, so nothing typed is lost.

export const api = hc<ApiRoutes>("/api", {
  init: { credentials: "same-origin" },
  headers: { Accept: "application/json" },
});

/** One field the server refused, by its path in the request body ("title", "name.en", "tags.0"). */
export interface FieldIssue {
  path: string;
  message: string;
}

export class AdminApiError extends Error {
  readonly status: number;
  readonly issues: readonly FieldIssue[];
  constructor(status: number, message: string, issues: readonly FieldIssue[] = []) {
    super(message);
    this.name = "AdminApiError";
    this.status = status;
    this.issues = issues;
  }

  /** Anything a call threw, as an AdminApiError (status 0 when no answer came: the network, the browser). */
  static from(error: unknown): AdminApiError {
    if (error instanceof AdminApiError) return error;
    return new AdminApiError(0, error instanceof Error ? error.message : String(error));
  }

  /** The error an API answer describes (`{ error, issues? }`), or the HTTP status when it is not ours. */
  static fromBody(status: number, statusText: string, body: unknown): AdminApiError {
    const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const message =
      typeof fields.error === "string" && fields.error !== ""
        ? fields.error
        : `${status} ${statusText}`.trim();
    const issues = Array.isArray(fields.issues)
      ? fields.issues.filter(
          (issue): issue is FieldIssue =>
            typeof (issue as FieldIssue | null)?.path === "string" &&
            typeof (issue as FieldIssue | null)?.message === "string",
        )
      : [];
    return new AdminApiError(status, message, issues);
  }
}

type SessionListener = () => void;
const sessionEndedListeners = new Set<SessionListener>();

/** Called whenever an owner request answers 401; returns the unsubscribe function. */
export function onSessionEnded(listener: SessionListener): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/** What a call answers when it succeeds: the JSON of its 2xx responses (nothing for 204). */
type Success<R> =
  R extends ClientResponse<infer Body, infer Status, string>
    ? Status extends SuccessStatusCode
      ? Status extends 204
        ? undefined
        : Body
      : never
    : never;

/**
 * The body of an API answer, or its AdminApiError. A 401 from anything but sign-in itself means the owner's
 * session has ended.
 */
export async function answerOf(response: Response): Promise<unknown> {
  if (response.status === 401 && !new URL(response.url, location.href).pathname.startsWith("/api/auth/"))
    for (const listener of sessionEndedListeners) listener();
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw AdminApiError.fromBody(response.status, response.statusText, body);
  }
  return response.status === 204 ? undefined : response.json();
}

/** Sends one API request (`api.projects.$post({ json })`, …) and returns the body of its success. */
export async function call<R extends ClientResponse<unknown, number, string>>(
  send: () => Promise<R>,
): Promise<Success<R>> {
  let response: R;
  try {
    response = await send();
  } catch (error) {
    throw AdminApiError.from(error);
  }
  return (await answerOf(response)) as Success<R>;
}

/** POSTs a multipart form (an upload, a backup to restore) to `path` and returns the body of its success. */
export async function postForm(path: string, form: FormData): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
  } catch (error) {
    throw AdminApiError.from(error);
  }
  return answerOf(response);
}
