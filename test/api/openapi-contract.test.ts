import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { ops } from "@/lib/schemas/operations";
import { defineOperation, type Operation } from "@/lib/schemas/operation";
import { OpenApiError, openApiDocument } from "@/lib/server/http/openapi";
import { ContractViolation, checkOperationResponse, checkResponse, findOperation } from "../support/response-contract";
import { call } from "../support/api";

type Json = Record<string, unknown>;

/**
 * Redocly's "recommended" ruleset (what `redocly lint` runs by default), made stricter where OpenAPI 3.1 is lenient:
 * `responses` is optional in 3.1 and the recommended set only warns about an operation without a success (2xx) or a
 * client-error (4xx) answer; here either is a document that does not say what the API answers, so an error (the two
 * rules, and an assertion that every operation has `responses`). Nothing is turned off.
 */
const lintConfig = () =>
  createConfig({
    extends: ["recommended"],
    rules: {
      "operation-2xx-response": "error",
      "operation-4xx-response": "error",
      "rule/operation-responses": {
        subject: { type: "Operation" },
        assertions: { required: ["responses"] },
        message: "Every operation declares its responses",
        severity: "error",
      },
    },
  });

async function lint(doc: unknown): Promise<NormalizedProblem[]> {
  return lintFromString({
    source: JSON.stringify(doc),
    absoluteRef: "openapi.json",
    config: await lintConfig(),
  });
}

const show = (problems: NormalizedProblem[]) =>
  problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`).join("\n");

// Not localhost: the document served in production names the server's public address (no-server-example.com).
const document = () => openApiDocument("https://signet.acme.test");
const clone = (doc: Json): Json => JSON.parse(JSON.stringify(doc)) as Json;
const pathsOf = (doc: Json) => doc.paths as Record<string, Record<string, Json>>;

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended lint without an error or a warning", async () => {
    const problems = await lint(document());
    expect(show(problems)).toBe("");
  });

  it("is served at /api/v1/openapi.json, the same document", async () => {
    const r = await call("GET", "/api/v1/openapi.json");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    const served = JSON.parse(await r.raw.text()) as { servers: { url: string }[] };
    expect(served).toEqual(openApiDocument(served.servers[0]!.url));
  });

  it("fails the same lint with a dangling $ref, or an operation without responses", async () => {
    const dangling = clone(document());
    const createKey = pathsOf(dangling)["/api/v1/api-keys"]!.post!;
    (createKey.responses as Json)["201"] = { $ref: "#/components/responses/Nowhere" };
    const p1 = await lint(dangling);
    expect(p1.filter((p) => p.severity === "error").map((p) => p.ruleId)).toContain("no-unresolved-refs");

    const silent = clone(document());
    delete pathsOf(silent)["/api/v1/api-keys"]!.get!.responses;
    const p2 = await lint(silent);
    expect(p2.filter((p) => p.severity === "error").map((p) => p.ruleId)).toContain("rule/operation-responses");

    const noSuccess = clone(document());
    delete (pathsOf(noSuccess)["/api/v1/api-keys"]!.get!.responses as Json)["200"];
    const p3 = await lint(noSuccess);
    expect(p3.filter((p) => p.severity === "error").map((p) => p.ruleId)).toContain("operation-2xx-response");
  });

  it("declares every success explicitly: JSON data, or a PDF where the route answers one", () => {
    const doc = document();
    const content = (path: string, method: string, status: string) =>
      Object.keys(((pathsOf(doc)[path]![method]!.responses as Json)[status] as { content: Json }).content);
    expect(content("/api/sign/{token}", "get", "200")).toEqual(["application/json"]);
    expect(content("/api/v1/enterprise/signature-requests/{id}/anchors/preview", "post", "200")).toEqual(["application/json"]);
    expect(content("/api/sign/{token}/document", "get", "200")).toEqual(["application/pdf"]);
    expect(content("/api/v1/enterprise/signature-requests/{id}/document", "get", "200")).toEqual([
      "application/pdf",
      "application/zip",
    ]);
    expect(content("/api/v1/enterprise/signature-requests/{id}/documents/{documentId}", "get", "200")).toEqual([
      "application/pdf",
    ]);
    expect(Object.keys(pathsOf(doc)["/api/v1/enterprise/templates/{id}/bulk-send"]!.post!.responses as Json)).toEqual(
      expect.arrayContaining(["200", "202"]),
    );
  });

  it("refuses an operation without a declared answer, or with a dangling $ref", () => {
    const { createApiKey } = ops;
    const bare = { ...createApiKey, success: { status: 201, description: "Created" } } as unknown as Operation;
    expect(() => openApiDocument("http://x", { createApiKey: bare })).toThrow(OpenApiError);
    expect(() => openApiDocument("http://x", { createApiKey: bare })).toThrow(/createApiKey declares no success answer/);

    // A schema whose JSON Schema refers to something outside it.
    const pointing = defineOperation({
      ...ops.listApiKeys,
      success: {
        status: 200,
        description: "x",
        data: z.object({ a: z.string() }).meta({ $ref: "#/components/schemas/Nowhere" }),
      },
    });
    expect(() => openApiDocument("http://x", { pointing })).toThrow(/Dangling \$ref #\/components\/schemas\/Nowhere/);
  });

  it("moves zod's $defs (a recursive schema) to components/schemas, so every $ref resolves", () => {
    const doc = document();
    const text = JSON.stringify(doc);
    expect(text).not.toContain("#/$defs/");
    expect(text).not.toContain('"$defs"');
  });
});

describe("the response checker call() uses", () => {
  const op = ops.deleteWebhook;
  const id = "0b8f6f9e-1c4e-4b7a-9d39-6c1f4f6e2a11";
  const answer = (status: number, body: unknown, contentType = "application/json; charset=utf-8") => ({
    status,
    contentType,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const ok = (data: unknown) => ({ code: 200, statusText: "OK", message: "Webhook deleted", data });

  it("finds the operation of a call, a literal segment before a parameter", () => {
    expect(findOperation("DELETE", `/api/v1/enterprise/webhooks/${id}`)?.name).toBe("deleteWebhook");
    expect(findOperation("POST", `/api/v1/enterprise/signature-requests/templates/${id}/use`)?.name).toBe("useTemplate");
    expect(findOperation("GET", "/api/v1/enterprise/nothing-here")).toBeNull();
    expect(findOperation("PUT", `/api/v1/enterprise/webhooks/${id}`)).toBeNull();
    expect(findOperation("GET", `/api/sign/abcdefghijkl/document`)?.name).toBe("signingDocument");
  });

  it("takes a right answer", () => {
    expect(() => checkOperationResponse("deleteWebhook", op, answer(200, ok({ id, deleted: true })))).not.toThrow();
    const notFound = {
      code: 404,
      statusText: "Not Found",
      message: "Webhook not found",
      data: null,
      errorCode: "WEBHOOK_NOT_FOUND",
    };
    expect(() => checkOperationResponse("deleteWebhook", op, answer(404, notFound))).not.toThrow();
  });

  it("rejects an undeclared field", () => {
    expect(() => checkOperationResponse("deleteWebhook", op, answer(200, ok({ id, deleted: true, skipped: [] })))).toThrow(
      /deleteWebhook \(DELETE \/api\/v1\/enterprise\/webhooks\/\{id\}\) answered 200 with a body .*additionalProperty.*skipped/,
    );
    expect(() => checkOperationResponse("deleteWebhook", op, answer(200, { ...ok({ id, deleted: true }), extra: 1 }))).toThrow(
      ContractViolation,
    );
  });

  it("rejects a wrong type, and a missing field", () => {
    expect(() => checkOperationResponse("deleteWebhook", op, answer(200, ok({ id, deleted: "yes" })))).toThrow(/\/data\/deleted/);
    expect(() => checkOperationResponse("deleteWebhook", op, answer(200, ok({ id: "not-a-uuid", deleted: true })))).toThrow(
      /format/,
    );
    expect(() => checkOperationResponse("deleteWebhook", op, answer(200, ok({ deleted: true })))).toThrow(/required/);
  });

  it("rejects an undeclared status", () => {
    const gone = { code: 410, statusText: "Gone", message: "x", data: null };
    expect(() => checkOperationResponse("deleteWebhook", op, answer(410, gone))).toThrow(
      /answered 410, a status the OpenAPI document does not declare/,
    );
    expect(() => checkOperationResponse("deleteWebhook", op, answer(201, ok({ id, deleted: true })))).toThrow(/does not declare/);
  });

  it("rejects a PDF where JSON is declared, and JSON where a PDF is", () => {
    expect(() => checkOperationResponse("deleteWebhook", op, answer(200, "%PDF-1.7\n", "application/pdf"))).toThrow(
      /Content-Type application\/pdf; the document declares application\/json/,
    );
    expect(() => checkOperationResponse("signingDocument", ops.signingDocument, answer(200, ok({ id, deleted: true })))).toThrow(
      /declares application\/pdf/,
    );
    expect(() =>
      checkOperationResponse("signingDocument", ops.signingDocument, answer(200, "%PDF-1.7\n", "application/pdf")),
    ).not.toThrow();
  });

  it("rejects an error body that is not the error envelope", () => {
    expect(() => checkOperationResponse("deleteWebhook", op, answer(404, { message: "nope" }))).toThrow(/required/);
    expect(() => checkOperationResponse("deleteWebhook", op, answer(404, "<html>", "application/json"))).toThrow(/not JSON/);
  });

  it("leaves routes outside the document alone", () => {
    expect(() => checkResponse("GET", "/api/dashboard/anything", answer(418, "teapot", "text/plain"))).not.toThrow();
    expect(() => checkResponse("GET", "/api/health", answer(200, "{}", "application/json"))).not.toThrow();
  });
});
