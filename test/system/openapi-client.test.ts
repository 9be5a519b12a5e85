import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument } from "@cantoo/pdf-lib";
import { REGENERATE_COMMAND, SCHEMA_FILE, openApiTypes } from "@/scripts/openapi-types";
import { runSession } from "./openapi-client/session";
import { startServer, type ServerProcess } from "../support/server-process";

// A client generated from the API's description works against the real server: the document the
// server publishes at /api/v1/openapi.json gives, through openapi-typescript, exactly the committed
// types (lib/sdk/schema.d.ts, the SDK's), and the README's session, written with openapi-fetch
// over those types (so type-checked end to end by tsc), runs against the server.
const KEY = "signet_test_" + "O".repeat(16) + "penApiClient0123";
let server: ServerProcess;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-openapi-client-"));
  server = await startServer({ DATA_DIR: dir, SIGNET_BOOTSTRAP_KEY: KEY, ADMIN_PASSWORD: "system-test-pw" });
});
afterAll(async () => {
  await server?.stop("SIGKILL");
});

async function pdf() {
  const d = await PDFDocument.create();
  d.addPage([612, 792]);
  return d.save();
}

describe("the generated typed client against the server process", () => {
  it("the committed types are those the server's /api/v1/openapi.json gives", async () => {
    const r = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(r.status).toBe(200);
    const document = (await r.json()) as Record<string, unknown>;
    const expected = await openApiTypes(document);
    const committed = fs.readFileSync(SCHEMA_FILE, "utf8");
    expect(committed === expected, `${path.relative(process.cwd(), SCHEMA_FILE)} is stale: run ${REGENERATE_COMMAND}`).toBe(true);
  });

  it("runs the README's session: create from a PDF, add a recipient and a field, send, read back", async () => {
    const s = await runSession(server.url, KEY, await pdf());
    expect(s.created.status).toBe("DRAFT");
    expect(s.sent.status).toBe("IN_PROGRESS");
    expect(s.read).toMatchObject({ id: s.created.id, status: "IN_PROGRESS", title: "Service agreement", environment: "SANDBOX" });
    expect(s.read.recipients).toEqual([
      expect.objectContaining({ id: s.recipient.id, email: "ann@example.com", role: "SIGNER" }),
    ]);
    expect(s.fields).toHaveLength(1);
    expect(s.read.fields).toEqual([
      expect.objectContaining({ id: s.fields[0]?.id, type: "SIGNATURE", recipientId: s.recipient.id, page: 1, x: 72, y: 600 }),
    ]);
  });
});
