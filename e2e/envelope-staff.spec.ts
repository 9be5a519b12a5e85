import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, screenshot, SR } from "./support";

// What staff see of a request of three documents: the pages of all three counted, an overlap named with
// its document, the placer's formula check reading a number on another document, and one step number
// for a signer after the recipient before them was removed (placer, review step).

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a three-document draft is counted, named and checked whole by staff", async ({ page, request }) => {
  test.setTimeout(120_000);
  const form = new FormData();
  form.set("title", `Envelope whole ${run}`);
  const pdf = (b: Buffer) => new Blob([new Uint8Array(b)], { type: "application/pdf" });
  form.append("file", pdf(await makePdf(2, (p) => [`Contract page ${p}`, "Quantity:"])), "contract.pdf");
  form.append("file", pdf(await makePdf(1, () => ["Annex A: price list"])), "annex-a.pdf");
  form.append("file", pdf(await makePdf(3, (p) => [`Annex B page ${p}`, "Total:"])), "annex-b.pdf");
  const made = await request.post(SR, { headers, multipart: form });
  expect(made.status(), await made.text()).toBe(201);
  const draft = (await made.json()).data as { id: string; documents: { id: string }[] };
  const id = draft.id;
  const [contract, annexA, annexB] = draft.documents.map((d) => d.id);

  // Ann signs first, Zoe second, Bob third; Zoe is removed: Bob's order stays 3, shown as step 2.
  const add = async (name: string, email: string, order: number) =>
    (await (await request.post(`${SR}/${id}/recipients`, { headers, data: { name, email, order } })).json()).data.id as string;
  const ann = await add("Ann Archer", `ann.${run}@example.com`, 1);
  const zoe = await add("Zoe Zed", `zoe.${run}@example.com`, 2);
  const bob = await add("Bob Baker", `bob.${run}@example.com`, 3);
  expect((await request.delete(`${SR}/${id}/recipients/${zoe}`, { headers })).status()).toBe(200);

  // A number on the contract; two signatures on the same spot of Annex A; on Annex B, Bob's total of Ann's number.
  const box = { page: 1, x: 200, y: 150, width: 120, height: 24 };
  const placed = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: {
      fields: [
        { ...box, documentId: contract, recipientId: ann, type: "NUMBER", label: "Quantity", name: "qty" },
        { ...box, documentId: contract, recipientId: ann, type: "SIGNATURE", y: 300, height: 50 },
        { ...box, documentId: annexA, recipientId: ann, type: "SIGNATURE", height: 50 },
        { ...box, documentId: annexA, recipientId: bob, type: "SIGNATURE", height: 50 },
        { ...box, documentId: annexB, recipientId: bob, type: "FORMULA", label: "Total", name: "total", formula: "qty * 2" },
        { ...box, documentId: annexB, recipientId: bob, type: "SIGNATURE", y: 300, height: 50 },
      ],
    },
  });
  // The server accepts a formula that reads a number on another document.
  expect(placed.status(), await placed.text()).toBe(201);

  // The review step: six pages in three documents; the overlap named with its document.
  await page.goto(`/requests/${id}/edit?step=review`);
  await expect(page.getByText("6 pages in 3 documents, 6 fields.")).toBeVisible();
  const before = page.getByRole("status").filter({ hasText: "Before sending" });
  await expect(before).toContainText(
    /annex-a\.pdf · Page 1: the Signature field of (Ann Archer|Bob Baker) overlaps the Signature field of (Ann Archer|Bob Baker)\./,
  );
  await expect(page.getByText("Step 2", { exact: true })).toBeVisible();
  await expect(page.getByText("Step 3", { exact: true })).toHaveCount(0);
  await axe(page);
  await screenshot(page, "review-several-documents");

  // The placer on Annex B: Bob is in step 2, and the total's formula reads the contract's number without a complaint.
  await page.goto(`/requests/${id}/edit?step=fields`);
  const tabs = page.getByRole("tablist", { name: "Documents of this request" });
  await tabs.getByRole("tab", { name: /3\. annex-b\.pdf/ }).click();
  await expect(page.getByRole("radio", { name: /Bob Baker\s*step 2/ })).toBeAttached();
  await page.getByRole("button", { name: /Calculated field for Bob Baker/ }).click();
  const props = page.getByRole("region", { name: "Field properties" });
  await expect(props.getByText(/Numbers it can use: qty/)).toBeVisible();
  await expect(props.getByText(/no NUMBER or FORMULA field is named so/)).toHaveCount(0);
  await screenshot(page, "placer-formula-across-documents");

  // The request's page: every document counted, each with its own download.
  await page.goto(`/requests/${id}`);
  await expect(page.getByText("6 pages in 3 documents · 6 fields")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveCount(3);
  await axe(page);
});
