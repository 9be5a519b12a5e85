import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { REGENERATE_COMMAND, SCHEMA_FILE, openApiTypes } from "@/scripts/openapi-types";
import { runSession } from "../system/openapi-client/session";
import { dispatch, makeOrg } from "../support/api";
import { simplePdf } from "../support/simple-pdf";

// The typed client of test/system/openapi-client (openapi-fetch over the types generated from the
// OpenAPI document) in process: its fetch hands each Request to the route handler that answers it.
// The same session runs against the built server in test/system/openapi-client.test.ts.
describe("the generated typed client, in process", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("the committed types are those of the current document (GET /api/v1/openapi.json)", async () => {
    const r = await dispatch(new Request("http://localhost:3000/api/v1/openapi.json"));
    expect(r.status).toBe(200);
    const expected = await openApiTypes((await r.json()) as Record<string, unknown>);
    expect(fs.readFileSync(SCHEMA_FILE, "utf8") === expected, `${SCHEMA_FILE} is stale: run ${REGENERATE_COMMAND}`).toBe(true);
  });

  it("runs the README's session: create from a PDF, add a recipient and a field, send, read back", async () => {
    const s = await runSession("http://localhost:3000", key, await simplePdf(), dispatch);
    expect(s.created.status).toBe("DRAFT");
    expect(s.sent.status).toBe("IN_PROGRESS");
    expect(s.read).toMatchObject({ id: s.created.id, status: "IN_PROGRESS", title: "Service agreement" });
    expect(s.read.recipients).toEqual([
      expect.objectContaining({ id: s.recipient.id, email: "ann@example.com", role: "SIGNER" }),
    ]);
    expect(s.fields).toHaveLength(1);
    expect(s.read.fields).toEqual([
      expect.objectContaining({ id: s.fields[0]?.id, type: "SIGNATURE", recipientId: s.recipient.id, page: 1, x: 72, y: 600 }),
    ]);
  });
});
