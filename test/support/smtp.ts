import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { SMTPServer } from "smtp-server";
import { readParts } from "@/lib/server/mail/outbox";
import { headersOf } from "./outbox-mail";

export interface CaughtMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string | null;
}

/** A real SMTP server on a free loopback port, keeping every message it receives. */
export async function startSmtp() {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: headersOf(raw).subject ?? "",
          ...readParts(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { mails, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * For a describe block: a real SMTP server for its tests, named by SMTP_URL while they run.
 * Returns a getter (the server exists once beforeAll ran).
 */
export function useSmtp(): () => Awaited<ReturnType<typeof startSmtp>> {
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await smtp?.close();
  });
  return () => smtp!;
}
