import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { signatureRequests } from "@/lib/server/db/schema";
import { deliverMail } from "@/lib/server/mail/deliver-mail";
import { call, makeOrg } from "../support/api";
import { sentRequest, tokenOf } from "../support/signing";
import { useSmtp } from "../support/smtp";
import { firstOf } from "../support/expect-helpers";

// A file name with an en dash or an umlaut travels as written (RFC 5987 / RFC 2231 filename*), with an
// ASCII filename beside it, in a real mail through SMTP and in the download routes' headers.

const TITLE = "Vertrag – Müller";
const ENCODED = "Vertrag%20%E2%80%93%20M%C3%BCller";

describe("file names keep their characters", () => {
  const smtpOf = useSmtp();

  it("in a mail's attachment, through SMTP", async () => {
    await deliverMail(crypto.randomUUID(), {
      kind: "completed",
      to: { name: "Anna", address: "file-name@example.com" },
      subject: "Completed",
      text: "attached",
      html: "<p>attached</p>",
      attachments: [{ filename: `${TITLE} (signed).pdf`, content: Buffer.from("%PDF-1.7 test"), contentType: "application/pdf" }],
    });
    const mail = firstOf(
      smtpOf().mails.filter((m) => m.to.includes("file-name@example.com")),
      "mails",
    );
    const raw = mail.raw.replace(/\r\n/g, "\n");
    expect(raw).toContain(
      `Content-Disposition: attachment;\n filename="Vertrag - Muller (signed).pdf";\n filename*=UTF-8''${ENCODED}%20%28signed%29.pdf`,
    );
    expect(raw).toContain('Content-Type: application/pdf; name="Vertrag - Muller (signed).pdf"');
    expect(raw).toContain(Buffer.from("%PDF-1.7 test").toString("base64"));
  });

  it("in the download routes' Content-Disposition", async () => {
    const key = (await makeOrg()).sandboxKey;
    const {
      id,
      recipientIds: [a],
    } = await sentRequest(key, [{ email: "dl@example.com", name: "Dl", order: 1 }]);
    const db = await getDb();
    await db.update(signatureRequests).set({ title: TITLE }).where(eq(signatureRequests.id, id));
    const signer = await call("GET", `/api/sign/${await tokenOf(a!)}/document`);
    expect(signer.status).toBe(200);
    expect(signer.headers.get("content-disposition")).toBe(
      `inline; filename="Vertrag - Muller.pdf"; filename*=UTF-8''${ENCODED}.pdf`,
    );
    const staff = await call("GET", `/api/v1/enterprise/signature-requests/${id}/document`, { key });
    expect(staff.status).toBe(200);
    expect(staff.headers.get("content-disposition")).toBe(
      `inline; filename="Vertrag - Muller.pdf"; filename*=UTF-8''${ENCODED}.pdf`,
    );
  });
});
