import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeContract } from "../fakes/contracts/stripe/validate.ts";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe-server.ts";

/**
 * The fake Stripe refuses what Stripe refuses: every request is checked against the published
 * parameters of its endpoint (tests/fakes/contracts/stripe/requests.json) and answered with
 * Stripe's error shapes, as the real SDK reads them.
 */
describe("the fake Stripe's contract", () => {
  let fake: FakeStripe;
  let stripe: Stripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    const url = new URL(fake.url);
    stripe = new Stripe("sk_test_contract", {
      host: url.hostname,
      port: url.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => fake.close());

  const session = (extra: Record<string, unknown> = {}) =>
    ({
      mode: "payment",
      success_url: "http://shop.test/ok",
      cancel_url: "http://shop.test/back",
      line_items: [
        { quantity: 1, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "A" } } },
      ],
      ...extra,
    }) as Stripe.Checkout.SessionCreateParams;

  async function refusal(call: Promise<unknown>) {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeError);
    return error as Stripe.errors.StripeError;
  }

  it("is the pinned API version's contract", () => {
    expect(stripeContract.apiVersion).toBe(Stripe.API_VERSION);
    expect(stripeContract.source).toMatch(/OpenAPI spec v\d+/);
  });

  it("refuses an unknown parameter, at any depth, with parameter_unknown", async () => {
    const top = await refusal(stripe.checkout.sessions.create(session({ shipping_cost: 5 })));
    expect(top).toMatchObject({
      statusCode: 400,
      type: "StripeInvalidRequestError",
      code: "parameter_unknown",
    });
    expect(top.message).toBe("Received unknown parameter: shipping_cost");
    expect(top.param).toBe("shipping_cost");
    const nested = await refusal(
      stripe.checkout.sessions.create(
        session({
          line_items: [
            {
              quantity: 1,
              price_data: { currency: "usd", unit_amount: 5, product_data: { name: "A", sku: "x" } },
            },
          ],
        }),
      ),
    );
    expect(nested.param).toBe("line_items[0][price_data][product_data][sku]");
    expect(nested.code).toBe("parameter_unknown");
  });

  it("refuses a value outside an enum, a missing required field and a non-integer amount", async () => {
    const mode = await refusal(stripe.checkout.sessions.create(session({ mode: "monthly" })));
    expect(mode.message).toBe("Invalid mode: must be one of payment, setup, or subscription");
    const missing = await refusal(
      stripe.checkout.sessions.create(
        session({
          line_items: [{ quantity: 1, price_data: { unit_amount: 5, product_data: { name: "A" } } }],
        }),
      ),
    );
    expect(missing).toMatchObject({
      code: "parameter_missing",
      param: "line_items[0][price_data][currency]",
    });
    const amount = await refusal(
      stripe.coupons.create({ amount_off: "ten" as unknown as number, currency: "usd" }),
    );
    expect(amount).toMatchObject({ code: "parameter_invalid_integer", param: "amount_off" });
    const empty = await refusal(stripe.checkout.sessions.create(session({ customer_email: "" })));
    expect(empty.code).toBe("parameter_invalid_empty");
  });

  it("takes at most 100 line items in payment mode and 20 recurring ones in subscription mode", async () => {
    const line = (recurring: boolean) => ({
      quantity: 1,
      price_data: {
        currency: "usd",
        unit_amount: 100,
        product_data: { name: "Item" },
        ...(recurring && { recurring: { interval: "month" as const } }),
      },
    });
    const ok = await stripe.checkout.sessions.create(session({ line_items: Array(100).fill(line(false)) }));
    expect(ok.id).toMatch(/^cs_/);
    const payment = await refusal(
      stripe.checkout.sessions.create(session({ line_items: Array(101).fill(line(false)) })),
    );
    expect(payment).toMatchObject({ statusCode: 400, param: "line_items" });
    const subscription = await refusal(
      stripe.checkout.sessions.create(
        session({ mode: "subscription", line_items: Array(21).fill(line(true)) }),
      ),
    );
    expect(subscription.message).toMatch(/up to 20 line items with recurring prices/);
  });

  it("answers 429, 500 and declines when told to, then works again", async () => {
    fake.failNext("rateLimit");
    fake.failNext("apiError");
    fake.failNext("cardDeclined");
    const limited = await refusal(stripe.checkout.sessions.create(session()));
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(limited.statusCode).toBe(429);
    const broken = await refusal(stripe.checkout.sessions.create(session()));
    expect(broken).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(broken.statusCode).toBe(500);
    const declined = await refusal(stripe.checkout.sessions.create(session()));
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ code: "card_declined", decline_code: "generic_decline" });
    expect((await stripe.checkout.sessions.create(session())).status).toBe("open");
  });
});
