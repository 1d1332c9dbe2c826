import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type TestSmtpServer = {
  url: string;
  received: ReceivedMail[];
  /** How many messages were offered (accepted or refused). */
  attempts: () => number;
  close(): Promise<void>;
};

/**
 * An in-process SMTP server on a free port. `refuse` makes it answer every message with a
 * temporary failure (451), like a mail host that is down.
 */
export async function startSmtpServer({ refuse = false } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      attempts++;
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        if (refuse) {
          return callback(Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A received message's source with quoted-printable undone (soft line breaks and =XX bytes), so a
 * test can look for a link or a sentence that the encoding split or escaped.
 */
export function decodedSource(mail: ReceivedMail): string {
  const unwrapped = mail.raw.replace(/=\r?\n/g, "");
  return Buffer.from(
    unwrapped.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}
