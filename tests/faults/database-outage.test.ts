/**
 * PostgreSQL stops under a checkout loop (docs/decisions/027-database-outage.md): every answer
 * comes within 3 s, pages that need the database say 503 "We'll be right back" with Retry-After
 * (never a 500, never an empty catalog), /readyz says 503 within 1 s, the shop recovers by itself
 * once PostgreSQL is back, and every payment the sandbox took belongs to a paid order.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckoutLoop, pause } from "./checkout-loop.ts";
import { createPostgresServer, type PostgresServer, postgresBinDir } from "./postgres-server.ts";
import { type ShopProcess, startShopOn } from "./shop-process.ts";

const OUTAGE_MS = 10_000;
const binDir = postgresBinDir();
if (!binDir)
  console.warn("database outage test skipped: no PostgreSQL programs under /usr/lib/postgresql/*/bin");

describe.skipIf(!binDir)("PostgreSQL stopped under a checkout loop", () => {
  let server: PostgresServer;
  let shop: ShopProcess;

  beforeAll(async () => {
    server = await createPostgresServer(binDir!);
    // Each simulated shopper has its own address (the per-address payment limits).
    shop = await startShopOn(server.url, { TRUST_PROXY: "true" });
  });

  afterAll(async () => {
    await shop?.stop();
    server?.destroy();
  });

  it("fails fast with 503, recovers by itself and loses no payment", async () => {
    const catalog = await (await fetch(`${shop.url}/products`)).text();
    const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(catalog)?.[1];
    const productPath = /href="(\/products?\/[a-z0-9-]+)"/.exec(catalog)?.[1];
    expect(productId && productPath, "a product on /products").toBeTruthy();

    const loop = new CheckoutLoop(shop.url, productId!);
    loop.start(3);
    // A visitor browsing meanwhile: the pages the issue saw hang, fail or show empty shelves.
    let browsing = true;
    const browser = (async () => {
      while (browsing) {
        for (const path of ["/", "/products", productPath!, "/readyz"])
          await loop.request(path).catch(() => {});
        await pause(200);
      }
    })();

    // A shopper stopped by anything but the outage fails the test at once.
    const checkouts = (count: number) => () => {
      if (loop.failures.length > 0) throw new Error(`a shopper failed: ${loop.failures.join("; ")}`);
      return loop.confirmed >= count;
    };
    let readyAfterMs: number;
    let outageStart: number;
    let outageEnd: number;
    try {
      await waitFor("three checkouts before the outage", checkouts(3), 60_000);
      server.stop();
      outageStart = Date.now();
      await pause(OUTAGE_MS); // the outage itself: its length is what is being tested
      outageEnd = Date.now();
      server.start();
      await waitFor(
        "/readyz to say ok again",
        () =>
          fetch(`${shop.url}/readyz`).then(
            (r) => r.ok,
            () => false,
          ),
        15_000,
      );
      readyAfterMs = Date.now() - outageEnd;
      const confirmedAtRecovery = loop.confirmed;
      await waitFor("three checkouts after the outage", checkouts(confirmedAtRecovery + 3), 60_000);
    } finally {
      browsing = false;
      await browser;
      await loop.stop();
    }
    if (loop.failures.length > 0) console.log(`the shop's errors:\n${errorLines(shop.output())}`);
    expect(loop.failures).toEqual([]);
    const answers = loop.answers;
    const during = answers.filter((a) => a.at - a.ms >= outageStart && a.at <= outageEnd);
    const slowest = answers.reduce((max, a) => (a.ms > max.ms ? a : max));
    const slowestDuring = Math.round(Math.max(...during.map((a) => a.ms)));
    console.log(
      `${answers.length} answers, ${during.length} during the ${OUTAGE_MS / 1000} s outage (slowest ${slowestDuring} ms); slowest ` +
        `${Math.round(slowest.ms)} ms (${slowest.path}, ${slowest.status}); /readyz ok ${readyAfterMs} ms ` +
        `after PostgreSQL was started again; ${loop.confirmed} checkouts confirmed`,
    );

    expect(slowest.ms, "the slowest answer (ms)").toBeLessThan(3000);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);

    // A return page already streaming when the database went away says the payment is safe and
    // retries (200); every other page during the outage is the 503 page.
    const pagesDuring = during.filter((a) => a.path !== "/readyz" && !a.paymentSafe);
    expect(pagesDuring.length).toBeGreaterThan(10);
    expect(pagesDuring.filter((a) => a.status !== 503)).toEqual([]);
    expect(pagesDuring.filter((a) => a.retryAfter === null)).toEqual([]);
    for (const path of ["/", "/products", productPath!]) {
      expect(pagesDuring.some((a) => a.path === path)).toBe(true);
    }

    const readyDuring = during.filter((a) => a.path === "/readyz");
    expect(readyDuring.length).toBeGreaterThan(3);
    expect(readyDuring.filter((a) => a.status !== 503 || a.ms >= 1000)).toEqual([]);
    expect(readyAfterMs, "ms until /readyz said ok again").toBeLessThan(5000);

    await expectPaymentsMatchPaidOrders(server.url, loop.confirmed);
  });
});

/** Sandbox payments taken (completed sessions) and paid orders are the same orders. */
async function expectPaymentsMatchPaidOrders(url: string, confirmed: number) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [counts] = await sql<{ taken: number; paid: number; takenUnpaid: number }[]>`
      select count(*) filter (where s.status = 'completed')::int as taken,
             count(*) filter (where o.payment_status = 'paid')::int as paid,
             count(*) filter (where s.status = 'completed' and o.payment_status <> 'paid')::int as "takenUnpaid"
        from sandbox_sessions s join orders o on o.id = s.order_id`;
    console.log(`sandbox payments taken ${counts!.taken}, their orders paid ${counts!.paid}`);
    expect(counts!.takenUnpaid).toBe(0);
    expect(counts!.paid).toBe(counts!.taken);
    expect(counts!.taken).toBeGreaterThanOrEqual(confirmed);
  } finally {
    await sql.end();
  }
}

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await pause(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The shop's error log lines (pino level 50+), for a failure's report. */
function errorLines(output: string) {
  return output
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line))
    .map((line) => line.slice(0, 600))
    .join("\n");
}
