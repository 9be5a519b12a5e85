import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { E2E_KEY, E2E_MAIL_DIR } from "./playwright.config";
import { sealedPdfText } from "./support";

// The signer side in the signer's language. A recipient with `locale: "de"` gets a
// German invitation, a German page on every screen they pass (<html lang="de">) and a German
// certificate in the sealed PDF; a recipient without one, in a French browser, gets French and can
// switch the page's language.

test.use({ storageState: { cookies: [], origins: [] } });

const SR = "/api/v1/enterprise/signature-requests";
const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

/** A one-page contract whose own words are German, so that any English on the page is the page's. */
async function germanPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText("Dienstleistungsvertrag", { x: 72, y: 720, font, size: 18 });
  for (let i = 0; i < 8; i++)
    page.drawText(`Ziffer ${i + 1}: Die Parteien vereinbaren Folgendes.`, { x: 72, y: 680 - i * 18, font, size: 11 });
  return Buffer.from(await doc.save());
}

async function sentRequest(request: APIRequestContext, title: string, signer: Record<string, unknown>, message?: string) {
  const created = await request.post(SR, {
    headers,
    multipart: {
      title,
      file: { name: "vertrag.pdf", mimeType: "application/pdf", buffer: await germanPdf() },
      ...(message && { message }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id: string = (await created.json()).data.id;
  const r = await request.post(`${SR}/${id}/recipients`, { headers, data: { order: 1, role: "SIGNER", ...signer } });
  expect(r.status(), await r.text()).toBe(201);
  const recipientId: string = (await r.json()).data.id;
  const fields = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: {
      fields: [
        { type: "SIGNATURE", recipientId, page: 1, x: 72, y: 560, width: 200, height: 50 },
        { type: "TEXT", recipientId, page: 1, x: 320, y: 580, width: 200, height: 24, label: "Position", required: true },
        { type: "DATE", recipientId, page: 1, x: 72, y: 630, width: 140, height: 20 },
      ],
    },
  });
  expect(fields.status(), await fields.text()).toBe(201);
  const sent = await request.post(`${SR}/${id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return id;
}

interface Mail {
  subject: string;
  body: string;
}

/** The messages the run's SMTP sink received for `email` (subject decoded, body quoted-printable decoded). */
function mailsTo(email: string): Mail[] {
  if (!fs.existsSync(E2E_MAIL_DIR)) return [];
  return fs
    .readdirSync(E2E_MAIL_DIR)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => fs.readFileSync(path.join(E2E_MAIL_DIR, f), "utf8"))
    .filter((raw) => raw.toLowerCase().includes(email.toLowerCase()))
    .map((raw) => {
      const split = raw.search(/\r?\n\r?\n/);
      const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
      const subject = decodeWords(/^Subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? "");
      const latin1 = raw
        .slice(split)
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      return { subject, body: Buffer.from(latin1, "latin1").toString("utf8") };
    });
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as a subject with umlauts arrives. */
function decodeWords(s: string): string {
  return s.replace(/\?=\s+=\?/g, "?==?").replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

async function mailMatching(email: string, subject: RegExp): Promise<Mail> {
  await expect
    .poll(() => mailsTo(email).some((m) => subject.test(m.subject)), {
      timeout: 30_000,
      message: `a mail to ${email}: ${subject}`,
    })
    .toBe(true);
  return mailsTo(email).find((m) => subject.test(m.subject))!;
}

/** Words of the page's own English that no German or French screen may show (the document and names are German). */
const ENGLISH = /\b(the|your|you|Sign|Signing|Decline|required|field|fields|Loading|Next|Thank)\b/;

async function expectNoEnglish(scope: Locator, where: string) {
  const text = await scope.innerText();
  expect(ENGLISH.exec(text)?.[0], `${where}: English on the page:\n${text}`).toBeUndefined();
}

const htmlLang = (page: Page) => page.locator("html").getAttribute("lang");

test("a recipient with locale de: German invitation, German page on every screen, German certificate", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const greta = { name: "Greta Gärtner", email: `greta.${run}@example.com`, locale: "de" };
  const title = `Dienstvertrag ${run}`;
  const id = await sentRequest(request, title, greta, "Liebe Greta,\nbitte bis Freitag unterschreiben.");

  // The invitation, in German: subject, greeting, the ask, the button's words.
  const invitation = await mailMatching(greta.email, /unterschreiben/);
  expect(invitation.subject).toContain(`Bitte unterschreiben: ${title}`);
  expect(invitation.body).toContain("Guten Tag Greta Gärtner,");
  expect(invitation.body).toContain(`Sie werden gebeten, „${title}“ zu unterschreiben.`);
  expect(invitation.body).toContain("Dokument öffnen und unterschreiben");
  expect(invitation.body).not.toContain("You are asked");
  const link = /https?:\/\/[^\s"'<>]+\/sign\/[A-Za-z0-9_-]{43}/.exec(invitation.body)![0];

  // The page: <html lang="de">, the fields, the header, the finish section, in German.
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  expect(await htmlLang(page)).toBe("de");
  await expect(page).toHaveTitle("Dokument unterschreiben – Signet");
  await expect(page.getByText("Sandbox – keine rechtsgültige Signatur")).toBeVisible();
  await expect(page.getByText("0 von 2 Pflichtfeldern ausgefüllt")).toBeVisible();
  await expect(page.getByLabel("Sprache")).toHaveValue("de");
  await expect(page.getByRole("region", { name: "Seite 1 von 1" }).locator("img").first()).toBeVisible();
  // The sender's message above the document, its line break kept.
  const note = page.getByRole("region", { name: "Nachricht des Absenders" });
  await expect(note).toBeVisible();
  expect(await note.locator("p").innerText()).toBe("Liebe Greta,\nbitte bis Freitag unterschreiben.");
  await expect(note.getByRole("button")).toHaveCount(0); // short: nothing folded
  await expectNoEnglish(page.locator("body"), "the fields");

  // The decline dialog, opened and closed again.
  await page.getByRole("button", { name: "Ablehnen", exact: true }).click();
  const decline = page.getByRole("dialog", { name: "Unterschrift ablehnen" });
  await expect(decline.getByLabel("Grund für die Ablehnung")).toBeVisible();
  await decline.getByRole("button", { name: "Unterschrift ablehnen" }).click();
  await expect(decline.getByRole("alert")).toHaveText("Bitte geben Sie einen Grund an.");
  await expectNoEnglish(decline, "the decline dialog");
  await decline.getByRole("button", { name: "Abbrechen" }).click();
  await expect(decline).toBeHidden();

  // The signature dialog: a typed signature.
  await page.getByRole("button", { name: "Nächstes Feld" }).click();
  const sig = page.getByRole("button", { name: "Unterschrift, Unterschreiben", exact: true });
  await expect(sig).toBeFocused();
  await sig.click();
  const dialog = page.getByRole("dialog", { name: "Unterschrift hinzufügen" });
  await expect(dialog.getByRole("tab", { name: "Zeichnen" })).toHaveAttribute("aria-selected", "true");
  await expectNoEnglish(dialog, "the signature dialog");
  await dialog.getByRole("tab", { name: "Tippen" }).click();
  await expect(dialog.getByLabel("Geben Sie Ihren Namen ein")).toHaveValue(greta.name);
  await dialog.getByRole("button", { name: "Diese Unterschrift verwenden" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("1 von 2 Pflichtfeldern ausgefüllt")).toBeVisible();

  await page.getByLabel("Position").fill("Geschäftsführerin");
  await expect(page.getByLabel("Datum der Unterschrift")).not.toBeEditable();
  // Consent missing: the page says so in German.
  await expect(page.getByRole("button", { name: "Unterschreiben", exact: true })).toBeDisabled();
  await page.getByLabel("Ich bin damit einverstanden, dieses Dokument elektronisch zu unterschreiben").check();
  await expectNoEnglish(page.locator("body"), "ready to sign");
  await page.getByRole("button", { name: "Unterschreiben", exact: true }).click();

  // Done.
  await expect(page.getByRole("heading", { name: "Vielen Dank – Sie haben unterschrieben" })).toBeVisible();
  await expectNoEnglish(page.locator("body"), "the done screen");
  expect(pageErrors).toEqual([]);

  // The sealed PDF's certificate page is German; so is the completed mail.
  const text = (await sealedPdfText(request, id, `languages-de-${run}`)).replace(/\s+/g, " ");
  for (const words of [
    "Abschlusszertifikat",
    "Versiegelt von Signet am",
    "Anfrage-ID",
    // The certificate's rows are a table: plain pdftotext reads its labels, then its values.
    `${greta.email} · Unterzeichner · Reihenfolge 1`,
    "Identifiziert durch",
    "E-Mail-Link",
    "Unterschrieben am",
    "Unterschrift",
    "Signet-Abschlusszertifikat · Anfrage",
  ])
    expect(text, words).toContain(words);
  expect(text).not.toContain("Certificate of completion");

  // The link opened again once sealed: the sealed copy to download, in German.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Dieses Dokument ist abgeschlossen" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Unterschriebenes PDF herunterladen" })).toBeVisible();
  expect(await htmlLang(page)).toBe("de");
  await expectNoEnglish(page.locator("body"), "the completed screen");
  const completed = await mailMatching(greta.email, /Abgeschlossen/);
  expect(completed.subject).toContain(`Abgeschlossen: ${title}`);
  expect(completed.body).toContain("wurde von allen unterschrieben");
});

test("no locale and a French browser: French; the signer switches the page to German and back, keeping what they typed", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const felix = { name: "Félix Faure", email: `felix.${run}@example.com` };
  const title = `Contrat ${run}`;
  const long = ["Bonjour Félix,", ...Array.from({ length: 8 }, (_, i) => `Point ${i + 1} : voir l’annexe.`), "Cordialement"].join(
    "\n",
  );
  await sentRequest(request, title, felix, long);
  const invitation = await mailMatching(felix.email, /sign/i);
  expect(invitation.subject).toContain(`Please sign: ${title}`); // no locale anywhere: the mail is English
  const link = /https?:\/\/[^\s"'<>]+\/sign\/[A-Za-z0-9_-]{43}/.exec(invitation.body)![0];

  const context = await browser.newContext({ locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  expect(await htmlLang(page)).toBe("fr");
  await expect(page.getByText("0 sur 2 champs obligatoires remplis")).toBeVisible();
  await expect(page.getByRole("button", { name: "Champ suivant" })).toBeVisible();
  await expect(page.getByLabel("J’accepte de signer ce document électroniquement")).toBeVisible();
  // A long message starts folded to its first lines; the button shows it all, and folds it again.
  const note = page.getByRole("region", { name: "Message de l’expéditeur" });
  const more = note.getByRole("button", { name: "Tout afficher" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  const folded = (await note.locator("p").boundingBox())!.height;
  await more.click();
  await expect(note.getByRole("button", { name: "Afficher moins" })).toHaveAttribute("aria-expanded", "true");
  expect((await note.locator("p").boundingBox())!.height).toBeGreaterThan(folded * 1.5);
  await expectNoEnglish(page.locator("body"), "the French page");

  // The signer types a value, then switches to German: the page changes in place and keeps it.
  await page.getByLabel("Position").fill("Directeur");
  await page.getByLabel("Langue").selectOption("de");
  await expect(page.getByRole("button", { name: "Nächstes Feld" })).toBeVisible();
  expect(await htmlLang(page)).toBe("de");
  await expect(page.getByLabel("Position")).toHaveValue("Directeur");
  await expect(page.getByText("1 von 2 Pflichtfeldern ausgefüllt")).toBeVisible();
  await expectNoEnglish(page.locator("body"), "switched to German");

  // The choice is kept for this browser: a reload is German, whatever the browser says; what they typed
  // was saved as they went, and is back.
  await page.reload();
  await expect(page.getByRole("button", { name: "Nächstes Feld" })).toBeVisible();
  expect(await htmlLang(page)).toBe("de");
  await expect(page.getByLabel("Position")).toHaveValue("Directeur");

  // And back to English: the names the rest of the suite uses.
  await page.getByLabel("Sprache").selectOption("en");
  await expect(page.getByRole("button", { name: "Next field" })).toBeVisible();
  await expect(page.getByText("1 of 2 required fields completed")).toBeVisible();
  expect(await htmlLang(page)).toBe("en");
  await context.close();
});
