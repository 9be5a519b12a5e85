import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { dragTo, mailed, makePdf, pageDrawn, screenshot, SR } from "./support";

// The staff journey the product is for: upload, two signers in order, fields dragged onto the page,
// one moved and resized, sent. Then the API (with another key of the same organization and sandbox)
// must hold each field within 2 pt of where it was dropped, in PDF points from the page's top-left.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
// The placer's default sizes (lib/client/placer-geometry.ts); a new field is centred on the pointer.
const SIGNATURE = { width: 150, height: 30 };
const DATE = { width: 120, height: 20 };

async function pageGeometry(page: Page) {
  const box = (await (await pageDrawn(page, 1)).boundingBox())!;
  return { box, s: box.width / 612 };
}

test("upload, order two signers, place, move and resize fields, send: the API has them where they were dropped", async ({
  page,
  request,
}) => {
  const title = `E2E agreement ${run}`;

  // 1. Upload (drag-and-drop zone with a file input), with a title.
  await page.goto("/requests/new");
  await page
    .getByLabel("PDF document")
    .setInputFiles({ name: "agreement.pdf", mimeType: "application/pdf", buffer: await makePdf(2) });
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Upload and continue" }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}\/edit\?step=recipients$/);
  const id = /requests\/([0-9a-f-]{36})\//.exec(page.url())![1];

  // 2. Two recipients, one step after the other.
  for (const [name, email] of [
    ["Ann Archer", "ann.archer@example.com"],
    ["Bob Baker", "bob.baker@example.com"],
  ] as const) {
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Add recipient" }).click();
    await expect(page.getByRole("listitem", { name: `Recipient ${name}` })).toBeVisible();
  }
  await expect(page.getByTestId("step-1")).toContainText("Step 1");
  await expect(page.getByTestId("step-1").getByRole("listitem")).toHaveCount(1);
  // The same person again, in the same role: the form says who is there already, and adds nobody.
  await page.getByLabel("Name", { exact: true }).fill("Ann Archer");
  await page.getByLabel("E-mail", { exact: true }).fill("ANN.archer@example.com");
  await page.getByRole("button", { name: "Add recipient" }).click();
  await expect(
    page.getByText("Ann Archer (ann.archer@example.com) is already on this request as Signer, at step 1"),
  ).toBeVisible();
  await expect(page.getByRole("listitem", { name: /^Recipient / })).toHaveCount(2);
  await page.getByLabel("Name", { exact: true }).fill("");
  await page.getByLabel("E-mail", { exact: true }).fill("");
  // Each recipient's language: Bob's page and mails in German, then French; Ann has none of her own.
  const language = page.getByLabel("Language of Bob Baker");
  await expect(language).toHaveValue("");
  const localeOf = async (name: string) =>
    (
      (await (await request.get(`${SR}/${id}`, { headers })).json()).data.recipients as { name: string; locale: string | null }[]
    ).find((r) => r.name === name)!.locale;
  await language.selectOption("de");
  await expect.poll(() => localeOf("Bob Baker")).toBe("de");
  await language.selectOption("fr");
  await expect.poll(() => localeOf("Bob Baker")).toBe("fr");
  expect(await localeOf("Ann Archer")).toBeNull();
  await expect(page.getByTestId("step-2").getByLabel("Name of Bob Baker")).toHaveValue("Bob Baker");
  await page.getByRole("button", { name: "Continue to fields" }).click();
  await expect(page).toHaveURL(/step=fields$/);

  // 3. A SIGNATURE for Ann (the first signer is picked by default), dropped so its box is at (100, 150) pt.
  const { box, s } = await pageGeometry(page);
  const palette = page.getByRole("region", { name: "Field palette" });
  const sigTarget = { x: 100, y: 150 };
  const from = (await palette.getByRole("button", { name: "Signature" }).boundingBox())!;
  const drop = { x: box.x + (sigTarget.x + SIGNATURE.width / 2) * s, y: box.y + (sigTarget.y + SIGNATURE.height / 2) * s };
  await dragTo(page, { x: from.x + 30, y: from.y + 12 }, drop);
  // While dragging, the ghost shows the box exactly where it will land.
  const ghost = (await page.getByTestId("drag-ghost").boundingBox())!;
  expect(Math.abs((ghost.x - box.x) / s - sigTarget.x)).toBeLessThan(1);
  expect(Math.abs((ghost.y - box.y) / s - sigTarget.y)).toBeLessThan(1);
  await page.mouse.up();
  const sig = page.getByRole("button", { name: "Signature field for Ann Archer" });
  await expect(sig).toBeVisible();

  // 4. A DATE for Bob, the second signer.
  await page.getByRole("radio", { name: /Bob Baker/ }).check({ force: true });
  const dateTarget = { x: 360, y: 170 };
  const dateFrom = (await palette.getByRole("button", { name: "Date signed" }).boundingBox())!;
  await dragTo(
    page,
    { x: dateFrom.x + 20, y: dateFrom.y + 10 },
    { x: box.x + (dateTarget.x + DATE.width / 2) * s, y: box.y + (dateTarget.y + DATE.height / 2) * s },
  );
  await page.mouse.up();
  await expect(page.getByRole("button", { name: "Date signed field for Bob Baker" })).toBeVisible();

  // 5. Move the signature by (+60, +45) px and resize it by (+45, +30) px.
  const sb = (await sig.boundingBox())!;
  await dragTo(page, { x: sb.x + 40, y: sb.y + 20 }, { x: sb.x + 40 + 60, y: sb.y + 20 + 45 });
  await page.mouse.up();
  await expect.poll(async () => (await sig.boundingBox())!.x).toBeCloseTo(sb.x + 60, 0);
  // The handle is for the pointer only (Alt + arrows resize from the keyboard): no control inside the field's own.
  const handle = sig.getByTestId("resize-handle");
  const hb = (await handle.boundingBox())!;
  await dragTo(
    page,
    { x: hb.x + hb.width / 2, y: hb.y + hb.height / 2 },
    { x: hb.x + hb.width / 2 + 45, y: hb.y + hb.height / 2 + 30 },
  );
  await page.mouse.up();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect(Number(await page.getByLabel("Width").inputValue())).toBeCloseTo(SIGNATURE.width + 45 / s, 1);

  // What the screen shows, converted back to points, is what was intended.
  const shown = (await sig.boundingBox())!;
  const expectedSig = {
    x: sigTarget.x + 60 / s,
    y: sigTarget.y + 45 / s,
    width: SIGNATURE.width + 45 / s,
    height: SIGNATURE.height + 30 / s,
  };
  expect(Math.abs((shown.x - box.x) / s - expectedSig.x)).toBeLessThan(1);
  expect(Math.abs(shown.width / s - expectedSig.width)).toBeLessThan(1);
  await screenshot(page, "placer-with-fields");

  // 6. Review: a subject, a message (with markup, which the mail must escape), a deadline and reminders; send.
  await page.getByRole("link", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Recipients and signing order" })).toBeVisible();
  const subject = `Supply deal ${run} to sign`;
  await page.getByLabel("E-mail subject").fill(subject);
  await page.getByLabel("Message to the recipients").fill("Hello both,\nthe <b>deal</b> we agreed on. Thanks!");
  await page.getByLabel("Expires").fill("14");
  await page.getByLabel("Remind the recipients whose turn it is").check();
  await screenshot(page, "review-send-settings");
  await page.getByRole("button", { name: "Send for signature" }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${id}\\?sent=1$`));
  await expect(page.getByText("Sent. The first signers have been e-mailed.")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Audit trail/ })).toBeVisible();

  // The invitation carries the subject and the message (escaped), from "<staff> via Signet".
  const raw = await mailed("ann.archer@example.com", (m) => (m.includes(subject) ? m : undefined));
  expect(raw).toMatch(new RegExp(`^Subject: (\\[Sandbox\\] )?${subject}\\r?$`, "m"));
  expect(raw).toMatch(/^From: "?[^"\r\n]+ via Signet"? </m);
  expect(raw).toContain("the <b>deal</b> we agreed on");
  expect(raw).toMatch(/(&lt;|&#60;)b(&gt;|&#62;)deal/);
  expect(raw).not.toMatch(/<blockquote[^>]*>[^<]*<br>the <b>/);

  // 7. The API, with the e2e key, sees the same request and the fields where they were dropped.
  const res = await request.get(`${SR}/${id}`, { headers });
  expect(res.status()).toBe(200);
  const data = (await res.json()).data;
  expect(data.status).toBe("IN_PROGRESS");
  const [ann, bob] = data.recipients;
  expect([ann.name, ann.order, bob.name, bob.order]).toEqual(["Ann Archer", 1, "Bob Baker", 2]);
  expect(data.fields).toHaveLength(2);
  const apiSig = data.fields.find((f: { type: string }) => f.type === "SIGNATURE");
  const apiDate = data.fields.find((f: { type: string }) => f.type === "DATE");
  expect(apiSig).toMatchObject({ page: 1, recipientId: ann.id });
  expect(apiDate).toMatchObject({ page: 1, recipientId: bob.id });
  for (const k of ["x", "y", "width", "height"] as const)
    expect(Math.abs(apiSig[k] - expectedSig[k]), `signature ${k}`).toBeLessThanOrEqual(2);
  const expectedDate = { ...dateTarget, ...DATE };
  for (const k of ["x", "y", "width", "height"] as const)
    expect(Math.abs(apiDate[k] - expectedDate[k]), `date ${k}`).toBeLessThanOrEqual(2);

  // 8. The list shows it, filtered by status and found by its title, and by a recipient's address (the server searches).
  await page.goto("/requests");
  await page.getByLabel("Status").selectOption("IN_PROGRESS");
  await page.getByLabel("Search").fill(run);
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await page.getByLabel("Search").fill("BOB.BAKER@example");
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  // The filters are in the URL: a bookmark, a reload and Back from the request each find the list as it was.
  await expect(page).toHaveURL(/[?&]q=BOB\.BAKER%40example(&|$)/);
  await expect(page).toHaveURL(/[?&]status=IN_PROGRESS(&|$)/);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel("Search")).toHaveValue("BOB.BAKER@example");
  await expect(page.getByLabel("Status")).toHaveValue("IN_PROGRESS");
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await page.goto("/requests?q=%00%1b&status=NOPE&from=yesterday&by=me");
  await expect(page.getByLabel("Search")).toHaveValue("");
  await expect(page.getByLabel("Status")).toHaveValue("");
  await expect(page.getByLabel("Created from")).toHaveValue("");
  await page.goto(`/requests?status=IN_PROGRESS&q=BOB.BAKER%40example`);
  await page.getByLabel("Search").fill(`no such request ${run}`);
  await expect(page.getByText("No requests match")).toBeVisible();
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Status").selectOption("");
  await screenshot(page, "requests-list");
});

test("the API's refusal to send is shown in plain words", async ({ page, request }) => {
  // A draft with a signer but no field: the API answers 422, and the review step says why.
  const created = await request.post(SR, {
    headers,
    multipart: { title: `E2E no fields ${run}`, file: { name: "a.pdf", mimeType: "application/pdf", buffer: await makePdf(1) } },
  });
  const id = (await created.json()).data.id;
  await request.post(`${SR}/${id}/recipients`, { headers, data: { name: "Cy Clerk", email: "cy@example.com" } });
  await page.goto(`/requests/${id}/edit?step=review`);
  await expect(page.getByText("Cy Clerk (cy@example.com) has no field to fill in.")).toBeVisible();
  await page.getByRole("button", { name: "Send for signature" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The request cannot be sent yet" })).toContainText(
    "Every signer needs at least one field",
  );
});

test("recipients are reordered by dragging: onto a step to sign in parallel, between steps for a new step", async ({
  page,
  request,
}) => {
  const created = await request.post(SR, {
    headers,
    multipart: { title: `E2E order ${run}`, file: { name: "a.pdf", mimeType: "application/pdf", buffer: await makePdf(1) } },
  });
  const id = (await created.json()).data.id;
  for (const [name, order] of [
    ["Ivy One", 1],
    ["Jon Two", 2],
    ["Kim Three", 3],
  ] as const) {
    await request.post(`${SR}/${id}/recipients`, {
      headers,
      data: { name, email: `${name.replace(/ .*/, "").toLowerCase()}@example.com`, order },
    });
  }
  const orders = async () =>
    Object.fromEntries(
      ((await (await request.get(`${SR}/${id}`, { headers })).json()).data.recipients as { name: string; order: number }[]).map(
        (r) => [r.name, r.order],
      ),
    );
  // Three recipients with their role, authentication and step controls: tall enough that the last one
  // may sit below a 720 px viewport, where the mouse cannot pick it up.
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.goto(`/requests/${id}/edit?step=recipients`);
  // Dragging needs the page's scripts running, not only its server-rendered HTML: dnd-kit adds its
  // live region once mounted.
  await page.locator('[id^="DndLiveRegion"]').waitFor({ state: "attached" });
  const handle = (name: string) => page.getByRole("button", { name: `Drag ${name} to another step` });
  await expect(handle("Kim Three")).toBeInViewport();
  const centre = async (l: ReturnType<typeof page.getByTestId>) => {
    const b = (await l.boundingBox())!;
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };

  // Kim onto step 1: Ivy and Kim sign in parallel, Jon after them.
  await dragTo(page, await centre(handle("Kim Three")), await centre(page.getByTestId("step-1")));
  await page.mouse.up();
  await expect(page.getByTestId("step-1")).toContainText("these recipients sign in parallel");
  await expect.poll(orders).toEqual({ "Ivy One": 1, "Kim Three": 1, "Jon Two": 2 });
  await expect(page.getByTestId("step-1").getByRole("listitem")).toHaveCount(2);

  // Jon between the top and step 1: a new first step.
  await dragTo(page, await centre(handle("Jon Two")), await centre(page.getByTestId("gap-0")));
  await page.mouse.up();
  await expect.poll(orders).toEqual({ "Jon Two": 1, "Ivy One": 2, "Kim Three": 2 });
  await expect(page.getByTestId("step-1").getByLabel("Name of Jon Two")).toBeVisible();

  // The step selector does the same without a mouse: Kim to a new last step.
  await page.getByLabel("Step of Kim Three").selectOption({ label: "New last step" });
  await expect.poll(orders).toEqual({ "Jon Two": 1, "Ivy One": 2, "Kim Three": 3 });
});
