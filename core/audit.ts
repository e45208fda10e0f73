// The audit log's vocabulary (docs/product.md §26): what the server records, and what the admin shows.

/** Every action the audit log records, in the order the admin's filter lists them. */
export const AUDIT_ACTIONS = [
  "signIn",
  "signInFailed",
  "signInLimited",
  "secondFactorFailed",
  "confirmFailed",
  "signOut",
  "passwordChanged",
  "passwordReset",
  "sessionsEnded",
  "sessionEnded",
  "factorAdded",
  "factorRemoved",
  "recoveryCodesRenewed",
  "factorsReset",
  "signInLinkMade",
  "projectCreated",
  "projectUpdated",
  "projectDeleted",
  "projectMoved",
  "testimonialSaved",
  "testimonialDeleted",
  "testimonialMoved",
  "testimonialLinkCreated",
  "testimonialLinkRevoked",
  "articleCreated",
  "articleUpdated",
  "articleDeleted",
  "imageUploaded",
  "imageDeleted",
  "messageMarked",
  "messageDeleted",
  "messagesChanged",
  "settingsChanged",
  "settingsReset",
  "cvChanged",
  "backupDownloaded",
  "backupRestored",
  "contentImported",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: unknown): value is AuditAction =>
  typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);

/** Security events, shown with a warning mark: someone who is perhaps not the owner. */
export const AUDIT_WARNINGS: ReadonlySet<AuditAction> = new Set([
  "signInFailed",
  "signInLimited",
  "secondFactorFailed",
  "confirmFailed",
]);

/** One page of the log in the admin. */
export const AUDIT_PAGE_SIZE = 50;

/** Kept this many days unless AUDIT_RETENTION_DAYS says otherwise. */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;

/** One event as the API answers it. */
export interface AuditEvent {
  id: string;
  at: string;
  action: AuditAction;
  subject: string;
  address: string;
  device: string;
}

export interface AuditPage {
  events: AuditEvent[];
  page: number;
  pages: number;
  total: number;
}
