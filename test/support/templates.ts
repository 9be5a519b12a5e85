import { expect } from "vitest";
import { call } from "./api";
import { simplePdf } from "./simple-pdf";

export const T = "/api/v1/enterprise/templates";

/** A PDF template uploaded under `name` (201, or the test fails): the API's answer. */
export async function pdfTemplate(key: string, name: string, pages: { text?: string }[] = [{ text: name }]) {
  const r = await call("POST", T, {
    key,
    form: { name, file: { data: await simplePdf(pages), name: "template.pdf", type: "application/pdf" } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string } & Record<string, unknown>;
}
