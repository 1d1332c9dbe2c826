import { describe, expect, it } from "vitest";
import { checkoutPost, fillCart, firstProductId } from "./shopper.ts";
import { setupTarget } from "./support.ts";

/**
 * /metrics tells an attacker about traffic and sales: only a scraper with METRICS_TOKEN may read
 * it, and what it shows is bounded (route patterns, never a visitor's path).
 */
const TOKEN = "metrics-scrape-token-for-tests";
const target = setupTarget({ env: { METRICS_TOKEN: TOKEN } });

const scrape = (headers: Record<string, string> = {}, path = "/metrics") =>
  fetch(`${target.app.url}${path}`, { headers });

describe("/metrics behind its token", () => {
  it("refuses a scrape without the token, with a wrong one or with the token elsewhere", async () => {
    const attempts: [Record<string, string>, string?][] = [
      [{}],
      [{ Authorization: "Bearer " }],
      [{ Authorization: "Bearer metrics-scrape-token-for-test" }],
      [{ Authorization: `Bearer ${TOKEN}x` }],
      [{ Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}` }],
      [{ Authorization: TOKEN }],
      [{ Cookie: `token=${TOKEN}` }],
      [{}, `/metrics?token=${TOKEN}`],
    ];
    for (const [headers, path] of attempts) {
      const response = await scrape(headers, path);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.text()).not.toContain("shop_");
    }
    const posted = await fetch(`${target.app.url}/metrics`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, Origin: target.app.url },
    });
    expect(await posted.text()).not.toContain("shop_http_requests_total");
  });

  it("refuses huge Authorization headers quickly, and keeps serving", async () => {
    for (const size of [600, 8_000, 100_000]) {
      const started = Date.now();
      const response = await scrape({ Authorization: `Bearer ${"x".repeat(size)}` }).catch(() => null);
      // Above Node's header limit the server answers 431 or drops the connection: never the metrics.
      if (response) expect([401, 431]).toContain(response.status);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect((await scrape({ Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it("shows requests by route pattern, never the visitor's own path, to several scrapers at once", async () => {
    const visitor = target.visitor();
    expect((await visitor.get("/products")).status).toBe(200);
    expect((await visitor.get("/product/secret-slug-of-a-visitor")).status).toBe(404);
    expect((await visitor.get("/no-such-page-9f2c")).status).toBe(404);
    const webhook = await fetch(`${target.app.url}/webhooks/stripe`, { method: "POST", body: "{}" });

    const answers = await Promise.all([1, 2, 3].map(() => scrape({ Authorization: `Bearer ${TOKEN}` })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const text = await answers[0]!.text();
    expect(answers[0]!.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    expect(text).toMatch(/shop_http_requests_total\{method="GET",route="\/products",status="200"\} [1-9]/);
    expect(text).toContain('route="/product/:slug",status="404"');
    expect(text).toContain('route="/*",status="404"');
    expect(text).toMatch(
      /shop_http_request_duration_seconds_bucket\{method="GET",route="\/products",le="\+Inf"\} [1-9]/,
    );
    expect(text).not.toContain("secret-slug-of-a-visitor");
    expect(text).not.toContain("no-such-page-9f2c");
    const outcome = webhook.status < 300 ? "handled" : webhook.status < 500 ? "refused" : "failed";
    expect(text).toContain(`shop_webhooks_total{provider="stripe",outcome="${outcome}"} 1`);
    expect(text).toContain("shop_database_up 1");
    expect(text).toMatch(/shop_orders_paid_total \d+/);
  });

  it("counts a declined sandbox card as a payment failure", async () => {
    const shopper = target.visitor();
    await fillCart(shopper, await firstProductId(shopper));
    const pay = await checkoutPost(shopper, "pay");
    const sandboxPage = pay.headers.get("location") ?? "";
    expect(sandboxPage).toContain("/sandbox/pay/");
    const declined = await shopper.postForm(sandboxPage, {
      intent: "pay",
      name: "Dee Clined",
      email: "declined@example.com",
      phone: "5550100",
      line1: "1 Main St",
      city: "Springfield",
      state: "IL",
      postalCode: "62701",
      country: "US",
      cardNumber: "4000 0000 0000 0002",
    });
    expect(await declined.text()).toContain("Your card was declined");
    const text = await (await scrape({ Authorization: `Bearer ${TOKEN}` })).text();
    expect(text).toContain('shop_payment_failures_total{provider="sandbox",reason="declined"} 1');
  });
});
