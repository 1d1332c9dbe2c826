import { describe, expect, it } from "vitest";
import { setupTarget } from "./support.ts";

// Stripe configured, so its webhook really checks signatures (the fake API is never called here).
const target = setupTarget({
  env: {
    STRIPE_SECRET_KEY: "sk_test_body_limits",
    STRIPE_WEBHOOK_SECRET: "whsec_body_limits",
    STRIPE_API_BASE: "http://127.0.0.1:9",
  },
});

const TWO_MB = 2 * 1024 * 1024;

/** A body sent in chunks without a Content-Length (as a script can), `total` bytes of text. */
function chunkedBody(total: number) {
  const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("request body limits", () => {
  it.each([
    ["a page action", "/cart"],
    ["the auth API", "/api/auth/sign-in/email"],
    ["the Stripe webhook (before its signature is checked)", "/webhooks/stripe"],
    ["the PayPal webhook", "/webhooks/paypal"],
  ])("refuses a 2 MB body to %s with 413", async (_, path) => {
    const response = await target.visitor().request("POST", path, `intent=add&x=${"a".repeat(TWO_MB)}`, {
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Stripe-Signature": "t=1,v1=00" },
    });
    expect(response.status).toBe(413);
  });

  it("refuses a chunked body without Content-Length once it passes the limit", async () => {
    const response = await fetch(`${target.app.url}/cart`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.app.url },
      body: chunkedBody(TWO_MB),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it("still takes an ordinary form", async () => {
    const response = await target
      .visitor()
      .postForm("/cart", { intent: "add", productId: "x", quantity: "1", redirectTo: "/cart" });
    expect(response.status).toBe(302);
  });
});
