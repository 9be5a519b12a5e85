import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { SR } from "./support";

// A page of another origin — another port of the same host (same-site: the staff session cookie goes
// along) and another host name — opened in the signed-in staff browser tries to act through the
// dashboard's proxy with every kind of request a page can make. Nothing may be created, and the
// dashboard itself keeps working.

const headers = { "x-api-key": E2E_KEY };
const keyCount = (data: unknown[] | { items: unknown[] }) => (Array.isArray(data) ? data : data.items).length;

function foreignPage(target: string): string {
  return `<!doctype html><html><body><h1>Another site</h1>
<form id="f" method="POST" action="${target}/api/dashboard/api-keys" target="sink"><input name="name" value="form-made key"><input name="environment" value="SANDBOX"></form>
<form id="m" method="POST" enctype="multipart/form-data" action="${target}/api/dashboard/signature-requests" target="sink"><input name="title" value="form-made request"><input type="file" name="file"></form>
<iframe name="sink"></iframe>
<script>
window.attack = async () => {
  const out = {};
  const pdf = new Blob(["%PDF-1.4\\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\\ntrailer<</Root 1 0 R>>\\n%%EOF"], { type: "application/pdf" });
  const form = () => { const f = new FormData(); f.append("title", "fetch-made request"); f.append("file", pdf, "a.pdf"); return f; };
  try { const r = await fetch("${target}/api/dashboard/signature-requests", { method: "POST", mode: "no-cors", credentials: "include", body: form() }); out.noCorsMultipart = r.type; } catch (e) { out.noCorsMultipart = String(e); }
  try { const r = await fetch("${target}/api/dashboard/api-keys", { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body: JSON.stringify({ name: "no-cors key", environment: "SANDBOX" }) }); out.noCorsJson = r.type; } catch (e) { out.noCorsJson = String(e); }
  try { const r = await fetch("${target}/api/dashboard/api-keys", { method: "POST", mode: "cors", credentials: "include", headers: { "content-type": "application/json", "x-signet-dashboard": "1" }, body: JSON.stringify({ name: "cors key", environment: "SANDBOX" }) }); out.cors = r.status; } catch (e) { out.cors = "blocked"; }
  try { const r = await fetch("${target}/api/dashboard/signature-requests", { credentials: "include" }); out.corsRead = r.status; } catch (e) { out.corsRead = "blocked"; }
  const dt = new DataTransfer(); dt.items.add(new File([pdf], "a.pdf", { type: "application/pdf" }));
  document.querySelector("#m input[type=file]").files = dt.files;
  // Each form's answer has arrived when the sink frame has loaded it (an event, not a pause).
  const answered = () => new Promise((r) => document.querySelector("iframe[name=sink]").addEventListener("load", r, { once: true }));
  let sunk = answered(); document.getElementById("f").submit(); await sunk;
  sunk = answered(); document.getElementById("m").submit(); await sunk;
  return out;
};
</script></body></html>`;
}

test("pages of other origins cannot act through the proxy; the dashboard still can", async ({ page, baseURL }) => {
  const target = baseURL!.replace(/\/$/, "");
  const server = http.createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(foreignPage(target));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  try {
    const count = async () => ({
      requests: (await (await page.request.get(`${SR}?limit=100`, { headers })).json()).data.items.length as number,
      keys: keyCount((await (await page.request.get("/api/v1/api-keys", { headers })).json()).data),
    });
    const before = await count();
    const proxyCalls: { url: string; status: number; site: string | null }[] = [];
    page.on("response", async (r) => {
      if (r.url().includes("/api/dashboard/"))
        proxyCalls.push({ url: r.url(), status: r.status(), site: (await r.request().allHeaders())["sec-fetch-site"] ?? null });
    });

    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      await page.goto(`${origin}/evil.html`);
      const out = await page.evaluate(() => (window as unknown as { attack: () => Promise<Record<string, unknown>> }).attack());
      expect(out.cors).toBe("blocked"); // the preflight is never granted
      expect(out.corsRead).toBe("blocked"); // nor may it read
    }
    // Every call that reached the proxy was refused (403 from the same host, 401 where the cookie stayed home).
    for (const c of proxyCalls) expect([401, 403], JSON.stringify(c)).toContain(c.status);
    expect(await count()).toEqual(before);

    // The dashboard itself: its own page creates a key through the proxy.
    await page.goto("/settings/api-keys");
    const created = page.waitForResponse((r) => r.url().endsWith("/api/dashboard/api-keys") && r.request().method() === "POST");
    await page.getByLabel("Key name").fill("made by the dashboard");
    await page.getByRole("button", { name: "Create key" }).click();
    expect((await created).status()).toBe(201);
    expect((await count()).keys).toBe(before.keys + 1);
  } finally {
    server.close();
  }
});
