import { formatLongDateTime } from "#core/dates.ts";
import { localeOf, type ArabicRegion } from "#core/locales.ts";
import type { Language } from "#core/preferences.ts";
import type { SiteSettings } from "#core/site-settings.ts";
import type { ServerEnv } from "#server/kernel/env.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { createSmtpTransport, type MailTransport } from "#server/kernel/mail.ts";

// "Alert the owner" (docs/product.md §25, decision 026): a short e-mail to the owner about something the site did
// to protect itself, in the owner's language (Settings → "E-mails to you in"), through the contact notifier's
// SMTP setup (SMTP_URL, SMTP_FROM, SMTP_TO or the settings' e-mail). Deciding that an alert is due, once, is
// the caller's job (in the database, so several instances agree); this only writes and sends it. Every alert is
// logged too, so an owner without SMTP_URL finds them in the server's log. A failed send is logged and not
// retried: the next alert says the same kind of thing.

/** What the owner can be told; a new kind needs its texts in ALERT_TEXTS, in both languages. */
export type OwnerAlert =
  /** The contact form stopped taking messages: `max` were stored within the hour that ends at `until`. */
  | { kind: "contactCeiling"; max: number; until: Date }
  /** Sign-in stopped checking passwords: `max` were checked within the hour that ends at `until`. */
  | { kind: "signInCeiling"; max: number; until: Date }
  /** Sign-in stopped checking second-factor codes: `max` were checked within the hour that ends at `until`. */
  | { kind: "secondFactorCeiling"; max: number; until: Date }
  /** One address (an IPv6 /64) failed `failures` sign-ins and must wait until `until`. */
  | { kind: "signInLockout"; address: string; failures: number; until: Date }
  /** The owner signed in from a browser never seen signing in before (docs/product.md §26). */
  | { kind: "newDevice"; device: string; address: string; at: Date };

export interface OwnerAlerts {
  /** Logs the alert and e-mails it to the owner in the background; never throws, never waits for the mail. */
  alert(alert: OwnerAlert): void;
  /** Resolves once every e-mail started so far has been sent or has failed (tests, shutdown). */
  settled(): Promise<void>;
}

interface AlertContext {
  /** When it happened, and other times, in the owner's time zone and language. */
  time: (date: Date) => string;
  adminUrl: string;
}

type AlertText = (alert: never, context: AlertContext) => { subject: string; lines: string[] };

const ALERT_TEXTS: {
  [K in OwnerAlert["kind"]]: Record<
    Language,
    (alert: Extract<OwnerAlert, { kind: K }>, context: AlertContext) => { subject: string; lines: string[] }
  >;
} = {
  contactCeiling: {
    en: ({ max, until }, { time }) => ({
      subject: "Your contact form is holding messages",
      lines: [
        `${max} messages reached your contact form within an hour, more than a person's site usually gets: it looks like spam from many addresses.`,
        `Until ${time(until)} new messages are kept in the "Held" folder of your inbox instead, for you to review; visitors are told their message was sent, and nothing is lost.`,
        "Nothing needs doing; you are told once each time this happens.",
      ],
    }),
    ar: ({ max, until }, { time }) => ({
      subject: "نموذج التواصل يحتجز الرسائل",
      lines: [
        `وصلت ${max} رسالة إلى نموذج التواصل خلال ساعة، وهذا أكثر مما يصل إلى موقع شخصي عادةً: يبدو أنها رسائل مزعجة من عناوين كثيرة.`,
        `حتى ${time(until)} تُحفظ الرسائل الجديدة في مجلد «المحتجزة» في صندوق الوارد لتراجعها، ويُبلَّغ الزوار أن رسائلهم أُرسلت، ولا يضيع شيء.`,
        "لا يلزمك فعل شيء؛ يصلك هذا التنبيه مرة واحدة كلما حدث ذلك.",
      ],
    }),
  },
  signInCeiling: {
    en: ({ max, until }, { time }) => ({
      subject: "Sign-in to your site is paused",
      lines: [
        `${max} passwords were tried on your admin page within an hour, from many addresses: someone is guessing your password.`,
        `Until ${time(until)} no password is checked, yours included; sign-in answers "try again later".`,
        "Your password is safe if it is long and used nowhere else. If you are not sure, change it once sign-in is open again.",
      ],
    }),
    ar: ({ max, until }, { time }) => ({
      subject: "توقّف تسجيل الدخول إلى موقعك مؤقتًا",
      lines: [
        `جُرِّبت ${max} كلمة مرور على صفحة الإدارة خلال ساعة، من عناوين كثيرة: هناك من يحاول تخمين كلمة مرورك.`,
        `حتى ${time(until)} لا تُفحص أي كلمة مرور، ولا كلمتك؛ ويطلب تسجيل الدخول المحاولة لاحقًا.`,
        "كلمة مرورك في أمان إن كانت طويلة ولا تستعملها في مكان آخر. إن لم تكن متأكدًا فغيّرها حين يعود تسجيل الدخول.",
      ],
    }),
  },
  secondFactorCeiling: {
    en: ({ max, until }, { time }) => ({
      subject: "Sign-in codes to your site are paused",
      lines: [
        `${max} wrong codes of your second factor were tried on your admin page within an hour, from many addresses: someone who may know your password is guessing your code.`,
        `Until ${time(until)} no code is checked, except in a browser you have signed in with before. To sign in from a new browser now, run "npm run admin:password -- --link" on the server for a one-time sign-in link.`,
        "Change your password once you are signed in: whoever tries codes got past it.",
      ],
    }),
    ar: ({ max, until }, { time }) => ({
      subject: "توقّف فحص رموز الدخول إلى موقعك مؤقتًا",
      lines: [
        `جُرِّب ${max} رمزًا خاطئًا للعامل الثاني على صفحة الإدارة خلال ساعة، من عناوين كثيرة: هناك من قد يعرف كلمة مرورك ويحاول تخمين رمزك.`,
        `حتى ${time(until)} لا يُفحص أي رمز، إلا في متصفح سجّلت الدخول به من قبل. لتسجيل الدخول من متصفح جديد الآن، شغّل «npm run admin:password -- --link» على الخادم لتحصل على رابط دخول يُستعمل مرة واحدة.`,
        "غيّر كلمة مرورك بعد تسجيل الدخول: من يجرّب الرموز قد تجاوزها.",
      ],
    }),
  },
  signInLockout: {
    en: ({ address, failures, until }, { time }) => ({
      subject: "Failed sign-ins to your site",
      lines: [
        `${failures} wrong passwords were tried on your admin page from ${address}.`,
        `That address must wait until ${time(until)}, and longer after each further failure.`,
        "If this was you, wait and try again. If not, someone is guessing your password: it is safe if it is long and used nowhere else.",
      ],
    }),
    ar: ({ address, failures, until }, { time }) => ({
      subject: "محاولات دخول فاشلة إلى موقعك",
      lines: [
        `جُرِّبت ${failures} كلمات مرور خاطئة على صفحة الإدارة من العنوان ${address}.`,
        `على هذا العنوان أن ينتظر حتى ${time(until)}، ومدة أطول بعد كل محاولة فاشلة أخرى.`,
        "إن كنت أنت فانتظر ثم حاول مجددًا. وإن لم تكن أنت فهناك من يحاول تخمين كلمة مرورك: هي في أمان إن كانت طويلة ولا تستعملها في مكان آخر.",
      ],
    }),
  },
  newDevice: {
    en: ({ device, address, at }, { time }) => ({
      subject: "A new sign-in to your site",
      lines: [
        `Someone signed in to your admin page at ${time(at)} with ${device || "an unknown browser"}, from ${address}, a browser not seen signing in before.`,
        'If this was you, nothing needs doing. If not, sign that session out in Settings → "Where you are signed in" and change your password.',
      ],
    }),
    ar: ({ device, address, at }, { time }) => ({
      subject: "تسجيل دخول جديد إلى موقعك",
      lines: [
        `سجّل أحدهم الدخول إلى صفحة الإدارة في ${time(at)} باستخدام ${device || "متصفح غير معروف"} من العنوان ${address}، وهو متصفح لم يُسجَّل الدخول به من قبل.`,
        "إن كنت أنت فلا يلزمك فعل شيء. وإن لم تكن أنت فسجّل الخروج من تلك الجلسة في الإعدادات ← «أين سجّلت الدخول» ثم غيّر كلمة المرور.",
      ],
    }),
  },
};

/** The e-mail of an alert in a language: a subject and a plain-text body that ends with the admin page's address. */
export function composeOwnerAlert(
  alert: OwnerAlert,
  language: Language,
  options: { timeZone: string; adminUrl: string; arabicRegion?: ArabicRegion },
): { subject: string; text: string } {
  const locale = localeOf(language, options.arabicRegion);
  const context: AlertContext = {
    time: (date) => `${formatLongDateTime(date, locale, options.timeZone)} (${options.timeZone})`,
    adminUrl: options.adminUrl,
  };
  const write = ALERT_TEXTS[alert.kind][language] as AlertText;
  const { subject, lines } = write(alert as never, context);
  const admin = language === "ar" ? "صفحة الإدارة" : "Admin page";
  return { subject, text: [...lines, "", "--", `${admin}: ${options.adminUrl}`].join("\n") };
}

export interface OwnerAlertsOptions {
  logger: Logger;
  /** Absent without SMTP_URL: alerts are only logged. */
  transport?: MailTransport;
  /** The sender; null sends from the recipient's own address. */
  from: string | null;
  /** SMTP_TO, or null for the settings' e-mail. */
  to: string | null;
  /** The owner's settings, read at each alert: e-mail, language of e-mails, time zone. */
  settings: () => Promise<Pick<SiteSettings, "email" | "emailLanguage" | "timeZone" | "arabicRegion">>;
  adminUrl: string;
}

export function createOwnerAlerts(options: OwnerAlertsOptions): OwnerAlerts {
  const { logger, transport } = options;
  const pending = new Set<Promise<void>>();

  async function send(alert: OwnerAlert) {
    try {
      const settings = await options.settings();
      const to = options.to ?? settings.email;
      const { subject, text } = composeOwnerAlert(alert, settings.emailLanguage, {
        timeZone: settings.timeZone,
        arabicRegion: settings.arabicRegion,
        adminUrl: options.adminUrl,
      });
      await transport!.sendMail({ from: options.from ?? to, to, subject, text });
      logger.info("owner alert sent", { kind: alert.kind });
    } catch (error) {
      logger.error("owner alert could not be sent", {
        kind: alert.kind,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  return {
    alert(alert) {
      logger.warn("owner alert", { ...alert });
      if (!transport) return;
      const sending = send(alert);
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}

/** The alerts SMTP_URL asks for; without it, alerts are only logged. */
export function ownerAlertsFromEnv(
  env: ServerEnv,
  deps: { logger: Logger; settings: OwnerAlertsOptions["settings"]; transport?: MailTransport },
): OwnerAlerts {
  return createOwnerAlerts({
    logger: deps.logger,
    transport: deps.transport ?? (env.smtpUrl ? createSmtpTransport(env.smtpUrl) : undefined),
    from: env.smtpFrom ?? null,
    to: env.smtpTo ?? null,
    settings: deps.settings,
    adminUrl: `${env.siteUrl}${env.adminPath}`,
  });
}
