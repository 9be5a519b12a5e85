import { expect, test } from "@playwright/test";
import { axe, makePdf, screenshot, settledWidth, SR, viaProxy } from "./support";

// An agent asks to send in production (through the MCP server, or with a key whose sends need approval); a
// staff member sees the request waiting on its page (who asked, the documents, recipients and fields as they
// will go), approves one (it is sent) and rejects another with a reason, which the key reads.
const run = Date.now().toString(36);

test("a send made through MCP waits and a staff member approves it; another is rejected with a reason", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/requests");
  const env = page.getByRole("form", { name: "Environment" });
  await env.getByRole("button", { name: "Production" }).click();
  await expect(env.getByRole("button", { name: "Production" })).toHaveAttribute("aria-pressed", "true");
  try {
    // The agent's key is made on the API keys page, in production: its sends wait for approval (suggested).
    await page.goto("/settings/api-keys");
    const form = page.getByRole("form", { name: "Create a production key" });
    await form.getByLabel("Key name").fill(`agent ${run}`);
    const sends = form.getByRole("group", { name: "Production sends" });
    await expect(sends.getByRole("checkbox", { name: /^Its sends wait for a staff member’s approval/ })).toBeChecked();
    await expect(
      sends.getByRole("checkbox", { name: /^Sends through MCP \(an agent\) go out without approval/ }),
    ).not.toBeChecked();
    await form.getByRole("button", { name: "Create key" }).click();
    const agentKey = (await page.getByTestId("new-api-key").textContent())!.trim();
    expect(agentKey).toMatch(/^signet_live_/);
    await expect(page.getByRole("row").filter({ hasText: `agent ${run}` })).toContainText("Sends wait for approval");
    await axe(page, "a production key's form");
    await screenshot(page, "api-keys-production");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await settledWidth(page, 390)).toBeLessThanOrEqual(390);
    await screenshot(page, "api-keys-production-phone");
    await page.setViewportSize({ width: 1280, height: 720 });
    const agent = { "x-api-key": agentKey };

    /** What the agent does: a one-signer draft, then send (through the API, or as `send` says). */
    const ask = async (title: string, as = agent, send?: (id: string) => Promise<void>) => {
      const created = await page.request.post(SR, {
        headers: as,
        multipart: { title, file: { name: "offer.pdf", mimeType: "application/pdf", buffer: await makePdf(1) } },
      });
      const id = (await created.json()).data.id as string;
      const r = await page.request.post(`${SR}/${id}/recipients`, {
        headers: as,
        data: { name: "Carla Customer", email: `carla.${run}@example.com` },
      });
      const recipientId = (await r.json()).data.id as string;
      await page.request.post(`${SR}/${id}/fields`, {
        headers: as,
        data: { fields: [{ type: "SIGNATURE", recipientId, page: 1, x: 72, y: 500, width: 180, height: 50 }] },
      });
      if (send) await send(id);
      else expect((await page.request.post(`${SR}/${id}/send`, { headers: as })).status()).toBe(202);
      return id;
    };

    // The first is sent by an agent through the MCP server, with a plain production key: in production a send
    // made through MCP waits for approval all the same.
    const plain = await viaProxy(page, "POST", "/api-keys", {
      json: { name: `mcp agent ${run}`, environment: "PRODUCTION", scopes: ["requests:read", "requests:write", "requests:send"] },
    });
    expect(plain.status, JSON.stringify(plain.json)).toBe(201);
    const mcpKey = plain.json.data.apiKey as string;
    const first = await ask(`Offer to approve ${run}`, { "x-api-key": mcpKey }, async (id) => {
      const res = await page.request.post("/api/mcp", {
        headers: { "x-api-key": mcpKey, accept: "application/json, text/event-stream", "content-type": "application/json" },
        data: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "send_request", arguments: { id } } },
      });
      expect(res.status()).toBe(200);
      const answer = await res.json();
      expect(answer.result.structuredContent.data).toMatchObject({
        status: "DRAFT",
        awaitingApproval: true,
        approval: { via: "mcp" },
      });
    });
    await page.goto("/requests");
    const row = page.getByRole("row").filter({ hasText: `Offer to approve ${run}` });
    await expect(row).toContainText("Waiting for approval");
    await page.goto(`/requests/${first}`);
    const banner = page.getByRole("region", { name: "Waiting for your approval to send" });
    await expect(banner).toContainText(`The API key ${plain.json.data.keyPrefix}`);
    await expect(page.getByText("Carla Customer").first()).toBeVisible();
    // Nothing on the page offers to change it meanwhile.
    await expect(page.getByRole("link", { name: "Continue editing" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete draft" })).toHaveCount(0);
    await axe(page, "a request waiting for approval");
    await screenshot(page, "send-approval");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await settledWidth(page, 390)).toBeLessThanOrEqual(390);
    await screenshot(page, "send-approval-phone");
    await page.setViewportSize({ width: 1280, height: 720 });
    await banner.getByRole("button", { name: "Approve and send" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Approved: the request is sent." })).toBeVisible();
    await expect(banner).toHaveCount(0);
    const approved = (await (await page.request.get(`${SR}/${first}`, { headers: { "x-api-key": mcpKey } })).json()).data;
    expect(approved).toMatchObject({ status: "IN_PROGRESS", approval: { state: "APPROVED", via: "mcp" } });

    const second = await ask(`Offer to reject ${run}`);
    await page.goto(`/requests/${second}`);
    await banner.getByRole("button", { name: "Reject…" }).click();
    const reject = banner.getByRole("button", { name: "Reject the send" });
    await expect(reject).toBeDisabled();
    await banner.getByLabel("Why is the send rejected? The integration reads this.").fill("The price is wrong");
    await reject.click();
    await expect(page.getByText("rejected the send: “The price is wrong”")).toBeVisible();
    const rejected = (await (await page.request.get(`${SR}/${second}`, { headers: agent })).json()).data;
    expect(rejected).toMatchObject({
      status: "DRAFT",
      awaitingApproval: false,
      approval: { state: "REJECTED", reason: "The price is wrong" },
    });
    await axe(page, "a rejected send");
  } finally {
    await page.goto("/requests");
    await env.getByRole("button", { name: "Sandbox" }).click();
  }
});
