import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on a free loopback port for the notification tests (the mail server is a third party:
// we run a real one rather than mock nodemailer). It keeps every message it accepts, decoded enough to read
// headers and the text body, and can refuse recipients to stand for a mail server that is down.

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  /** Header names in lower case; values unfolded, encoded words decoded. */
  headers: Map<string, string[]>;
  /** The text body, transfer encoding undone. */
  text: string;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Refuses the next `count` recipients with a temporary failure (451), as a struggling server does. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const error = Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

function parseMail(raw: string): Pick<ReceivedMail, "headers" | "text"> {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const headers = new Map<string, string[]>();
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeWords(line.slice(colon + 1).trim());
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  const encoding = headers.get("content-transfer-encoding")?.[0]?.toLowerCase() ?? "7bit";
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : body;
  return { headers, text: text.replace(/\r\n/g, "\n") };
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII names and subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?)/gi, "$1")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_whole, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}
