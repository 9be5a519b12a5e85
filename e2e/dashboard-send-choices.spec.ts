import { expect, test } from "@playwright/test";
import { E2E_KEY, STAFF } from "./playwright.config";
import { mailed, makePdf, sealedPdfText, SR } from "./support";

// A request composed in the dashboard with its own time zone and date format: the sender's browser zone is the
// first suggestion; the invitation's deadline and the sealed certificate say Europe/Berlin, the DATE field is
// written DD.MM.YYYY; and the staff member who sent it is mailed when it completes, with a link to its page.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

test.use({ timezoneId: "Europe/Berlin" });

test("time zone and date format chosen in the review step reach the mail and the seal; the sender hears back", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Berlin ${run}`;
  const email = `greta.${run}@example.com`;

  // The sender names themselves on their account page: an empty name is refused and changes nothing.
  const sender = `Sina Sender ${run}`;
  await page.goto("/settings/account");
  const displayName = page.getByLabel("Display name");
  const before = await displayName.inputValue();
  const saveName = async (name: string) => {
    await displayName.fill(name);
    await page.getByRole("button", { name: "Save name and language" }).click();
  };
  await saveName("   ");
  await expect(page.getByText("name is required").first()).toBeVisible();
  await page.reload();
  await expect(displayName).toHaveValue(before);
  await saveName(sender);
  await expect(page.getByText("Saved. Requests you send from now on carry this name.")).toBeVisible();

  // Upload and one recipient in the dashboard.
  await page.goto("/requests/new");
  await page
    .getByLabel("PDF document")
    .setInputFiles({ name: "berlin.pdf", mimeType: "application/pdf", buffer: await makePdf(1) });
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Upload and continue" }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}\/edit\?step=recipients$/);
  const id = /requests\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await page.getByLabel("Name", { exact: true }).fill("Greta Signer");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Add recipient" }).click();
  await expect(page.getByRole("listitem", { name: "Recipient Greta Signer" })).toBeVisible();

  // Her fields (placing by hand is dashboard-compose.spec's): a signature and the date she signs.
  const draft = (await (await request.get(`${SR}/${id}`, { headers })).json()).data;
  const recipientId = draft.recipients[0].id as string;
  const placed = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: {
      fields: [
        { type: "SIGNATURE", recipientId, page: 1, x: 72, y: 500, width: 200, height: 50, label: "Greta Signer signature" },
        { type: "DATE", recipientId, page: 1, x: 320, y: 520, width: 120, height: 20 },
      ],
    },
  });
  expect(placed.status()).toBe(201);

  // Review: a new draft has the organization's zone; the sender's own zone is offered first.
  await page.goto(`/requests/${id}/edit?step=review`);
  const zone = page.getByLabel("Time zone", { exact: true });
  await expect(zone).toHaveValue(draft.timezone);
  await expect(zone.locator("optgroup").first()).toHaveAttribute("label", "Your time zone");
  await expect(zone.locator("optgroup").first().locator("option")).toHaveAttribute("value", "Europe/Berlin");
  // The filter narrows the list; the chosen zone is kept.
  await page.getByLabel("Filter time zones").fill("tokyo");
  await expect(zone.locator("optgroup").nth(1).locator("option", { hasText: "Asia/Tokyo" })).toHaveCount(1);
  await expect(zone.locator("optgroup").nth(1).locator("option", { hasText: "America/New York" })).toHaveCount(0);
  await page.getByLabel("Filter time zones").fill("");
  await zone.selectOption("Europe/Berlin");
  await page.getByLabel("Date format").selectOption("DD.MM.YYYY");
  await page.getByRole("button", { name: "Send for signature" }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${id}\\?sent=1$`));
  const sent = (await (await request.get(`${SR}/${id}`, { headers })).json()).data;
  expect([sent.timezone, sent.dateFormat]).toEqual(["Europe/Berlin", "DD.MM.YYYY"]);

  // The invitation's deadline in Berlin time, written DD.MM.YYYY.
  const invitation = await mailed(email, (raw) => (raw.includes(title) ? raw : undefined), "the invitation");
  expect(invitation).toMatch(/Please sign by \d\d\.\d\d\.\d{4} \d\d:\d\d \(Europe\/Berlin\)\./);
  expect(invitation).toMatch(new RegExp(`^From: "?${sender} via Signet"? <`, "m"));
  const link = /https?:\/\/[^\s"'<>]+\/sign\/[A-Za-z0-9_-]+/.exec(invitation)![0];

  // She signs in a browser of her own.
  const signer = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const sp = await signer.newPage();
  await sp.goto(link);
  await sp.getByRole("button", { name: "Greta Signer signature" }).click();
  const dialog = sp.getByRole("dialog", { name: "Add your signature" });
  await dialog.getByRole("tab", { name: "Type" }).click();
  await dialog.getByRole("button", { name: "Use this signature" }).click();
  await sp.getByLabel("I agree to sign this document electronically").check();
  await sp.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(sp.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await signer.close();

  // The sealed PDF: the date she signed as DD.MM.YYYY in Berlin, and the certificate in Berlin time.
  const text = await sealedPdfText(request, id, `send-choices-${run}`);
  const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", day: "2-digit", month: "2-digit", year: "numeric" })
    .format(new Date())
    .replaceAll("/", ".");
  expect(text).toContain(today);
  expect(text).toMatch(/Time zone: Europe\/Berlin/);
  // Its times in Berlin, the day written DD.MM.YYYY, then the UTC instant in ISO 8601.
  expect(text).toMatch(/\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d \+0[12]:00 \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)/);
  expect(text).not.toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0[12]:00/);

  // The sender (the signed-in staff member) is told, with a link to the request's page.
  const notice = await mailed(
    STAFF.email,
    (raw) =>
      /^To: .*staff@signet\.test/im.test(raw) && raw.includes(`"${title}", which you sent, has been signed`) ? raw : undefined,
    "the sender's completion mail",
  );
  expect(notice).toMatch(/^Subject: (\[Sandbox\] )?Completed: /m);
  expect(notice).toContain(`/requests/${id}`);
  expect(notice).toContain(`Hello ${sender},`);

  // The account's name as it was, for the specs that follow.
  await page.goto("/settings/account");
  await saveName(before);
  await expect(page.getByText("Saved. Requests you send from now on carry this name.")).toBeVisible();
});
