import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { SHOTS, SHOTS_ON } from "./support";

/**
 * The public API from a tool's side (issue 28): a page on another origin reads the market and
 * its live stream in Chromium (CORS), and /developers is made from the OpenAPI document.
 */

/** A community tool's page, served from an origin of its own. */
function toolPage(api: string): string {
  return `<!doctype html><meta charset="utf-8"><title>Price tracker</title>
<pre id="market">…</pre><pre id="stream">…</pre><pre id="guild">…</pre>
<script>
fetch(${JSON.stringify(`${api}/api/market`)})
  .then((r) => r.json()).then((b) => { document.getElementById("market").textContent = JSON.stringify(b); })
  .catch((e) => { document.getElementById("market").textContent = "failed: " + e; });
fetch(${JSON.stringify(`${api}/api/guilds/1`)}, { headers: { Authorization: "Bearer wrong" } })
  .then((r) => r.json()).then((b) => { document.getElementById("guild").textContent = JSON.stringify(b); })
  .catch((e) => { document.getElementById("guild").textContent = "failed: " + e; });
const s = new EventSource(${JSON.stringify(`${api}/api/market/stream`)});
s.onopen = () => { document.getElementById("stream").textContent = "open"; };
s.onerror = () => { document.getElementById("stream").textContent = "error"; };
</script>`;
}

let tool: Server;
let toolUrl = "";

test.beforeAll(async ({ baseURL }) => {
  const api = (baseURL ?? "").replace(/\/$/, "");
  tool = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(toolPage(api));
  });
  await new Promise<void>((resolve) => tool.listen(0, "127.0.0.1", resolve));
  toolUrl = `http://localhost:${(tool.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => tool.close(resolve));
});

test("a page on another origin reads the market, its stream and errors (CORS)", async ({
  page,
}) => {
  await page.goto(toolUrl);
  await expect(page.locator("#market")).toHaveText(/^\{"Buy":\{.*\},"Sell":\{.*\}\}$/);
  await expect(page.locator("#stream")).toHaveText("open");
  await expect(page.locator("#guild")).toHaveText(/"code":"(unauthorized|not_found)"/);
});

test("/developers shows every route of the OpenAPI document", async ({ page, request }) => {
  const doc = (await (await request.get("/api/openapi.json")).json()) as { paths: object };
  await page.goto("/developers");
  const endpoints = page.getByTestId("api-endpoint");
  await expect(endpoints).toHaveCount(Object.keys(doc.paths).length);
  for (const path of Object.keys(doc.paths)) {
    await expect(page.getByRole("heading", { name: path, exact: false }).first()).toBeVisible();
  }
  await expect(
    page.getByText("print the best Fish price every minute", { exact: false }),
  ).toBeVisible();
  if (SHOTS_ON) await page.screenshot({ path: `${SHOTS}/developers.png`, fullPage: true });
});
