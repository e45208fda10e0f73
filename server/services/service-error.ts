import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiMessageKey } from "../../core/api-messages.ts";
import type { TranslateVars } from "../../core/i18n.ts";

/** A refusal a service decides (not found, too large, …): the app turns it into the API's error shape. */
export class ServiceError extends Error {
  readonly status: ContentfulStatusCode;
  readonly key: ApiMessageKey;
  readonly vars?: TranslateVars;
  readonly path?: string;
  constructor(
    status: ContentfulStatusCode,
    key: ApiMessageKey,
    options: { vars?: TranslateVars; path?: string } = {},
  ) {
    super(key);
    this.name = "ServiceError";
    this.status = status;
    this.key = key;
    this.vars = options.vars;
    this.path = options.path;
  }
}
