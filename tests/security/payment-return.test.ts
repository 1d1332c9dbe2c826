import { describe, expect, it } from "vitest";
import { checkoutPost, fillCart, firstProductId } from "./shopper.ts";
import { setupTarget, type Visitor } from "./support.ts";

const target = setupTarget();

/** A guest pays on the sandbox's hosted page; returns where the page sends them back. */
async function paySandbox(visitor: Visitor): Promise<string> {
  await fillCart(visitor, await firstProductId(visitor));
  const pay = await checkoutPost(visitor, "pay");
  const payPage = pay.headers.get("location") ?? "";
  expect(payPage).toMatch(/^\/sandbox\/pay\/sbx_/);
  const paid = await visitor.postForm(payPage, {
    cardNumber: "4242 4242 4242 4242",
    name: "Mo Return",
    email: "mo@example.com",
    phone: "555-0101",
    line1: "1 Pine St",
    city: "Tulsa",
    state: "OK",
    postalCode: "74103",
    country: "US",
  });
  const back = paid.headers.get("location") ?? "";
  expect(back).toMatch(/^\/payment-success\?session_id=sbx_/);
  return back;
}

describe("payment return pages", () => {
  it("answer typed-in nonsense (unknown, huge session ids; odd retry counters) with the page, never a 500", async () => {
    const visitor = target.visitor();
    const paths = [
      `/payment-success?session_id=${"x".repeat(5000)}&retry=abc`,
      "/payment-success?session_id=sbx_nope&retry=-1e309",
      `/paypal-success?token=${encodeURIComponent("'; drop table orders;--")}&PayerID=X&retry=99999999999`,
      "/paypal-success?subscription_id=I-NOPE&retry=",
    ];
    for (const path of paths) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      // Not paid, and not an error on our side either: the spec's failure, not "payment is safe".
      expect(html, path).not.toContain("Your payment is safe");
    }
  });

  it("a paid session's return page loaded many times at once shows the one paid order each time", async () => {
    const buyer = target.visitor();
    const returnUrl = await paySandbox(buyer);
    const pages = await Promise.all(
      Array.from({ length: 6 }, (_, attempt) => buyer.get(`${returnUrl}&retry=${attempt}`)),
    );
    const shortIds = new Set<string>();
    for (const page of pages) {
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Payment Successful!");
      shortIds.add(/Order #(?:<!-- -->)?(\d+)/.exec(html)?.[1] ?? "none");
    }
    expect([...shortIds]).toHaveLength(1);
    // The short sequential order number (#1001…).
    expect([...shortIds][0]).toMatch(/^\d{4,}$/);
    // Another visitor with the same link sees the same order (the session id is the buyer's secret),
    // and their own cart is untouched.
    expect(await (await target.visitor().get(returnUrl)).text()).toContain([...shortIds][0]);
  });
});
