/**
 * A smoke test of the built shop under whatever Node runs this script: start it on the demo data
 * (embedded database, fresh folder), open the storefront's main pages and the health and metrics
 * endpoints, stop it. `.ci/run` runs it under the image's Node (24) while the suite runs on the
 * machine's:  npx -y -p node@24 node --import tsx scripts/smoke.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer } from "../tests/support/built-server.ts";

const pages: Array<[string, RegExp]> = [
  ["/readyz", /ok/i],
  ["/", /Peak Shilajit/],
  ["/products", /Add to Cart|Sold Out/],
  ["/blog", /Blog/],
  ["/validity", /validity|authentic/i],
  ["/metrics", /nodejs_eventloop_lag_p99_seconds/],
];

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-smoke-"));
const token = "smoke-test-metrics-token";
const server = await startBuiltServer({ dataDir, env: { SEED: "demo", METRICS_TOKEN: token } });
let failed = false;
try {
  for (const [page, expected] of pages) {
    const response = await fetch(server.url + page, { headers: { Authorization: `Bearer ${token}` } });
    const body = await response.text();
    const ok = response.status === 200 && expected.test(body);
    failed ||= !ok;
    console.log(`${ok ? "ok  " : "FAIL"} ${response.status} ${page}`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `Node ${process.version}: ${failed ? "the smoke test failed" : "the built shop starts and serves"}`,
);
process.exit(failed ? 1 : 0);
