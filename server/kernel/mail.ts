import { createTransport } from "nodemailer";

// The owner's e-mail (SMTP_URL): contact notifications and alerts about the site's defences both send through it.

export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    replyTo?: { name: string; address: string };
    subject: string;
    text: string;
  }): Promise<unknown>;
  close?(): void;
}

export function createSmtpTransport(url: string): MailTransport {
  // Timeouts keep a dead mail server from holding a send (and the shutdown) for minutes.
  return createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}
