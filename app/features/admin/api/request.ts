// The admin page's one way to call the owner API (STYLE.md §12): JSON in and out, the session cookie sent
// automatically (same origin), and every failure an AdminApiError carrying the server's message, which the
// server already writes in the visitor's language. A 401 means the session ended: the admin page listens
// for it and asks for the password again without unmounting the forms, so nothing typed is lost.

export class AdminApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "AdminApiError";
    this.status = status;
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

export function reportSessionEnded() {
  for (const listener of sessionEndedListeners) listener();
}

/** The server's `error` text, or the HTTP status when the body is not our JSON error shape. */
export async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string" && body.error !== "") return body.error;
  } catch {
    // Not JSON: a proxy's error page, say.
  }
  return `${response.status} ${response.statusText}`.trim();
}

export async function adminRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers:
        body === undefined
          ? { Accept: "application/json" }
          : { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new AdminApiError(0, error instanceof Error ? error.message : String(error));
  }
  if (response.status === 401 && !path.startsWith("/api/auth/")) reportSessionEnded();
  if (!response.ok) throw new AdminApiError(response.status, await errorMessage(response));
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
