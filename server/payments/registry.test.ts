import { describe, expect, it } from "vitest";
import { availablePaymentMethods, sandboxEnabled } from "./registry.ts";

const stripe = { secretKey: "sk_test_x", webhookSecret: undefined, apiBase: undefined };
const paypal = {
  clientId: "id",
  clientSecret: "secret",
  webhookId: undefined,
  apiBase: "https://paypal.test",
};

describe("payment methods by configured keys", () => {
  it("the demo (no keys): the sandbox takes card and PayPal", () => {
    expect(sandboxEnabled({ stripe: undefined, paypal: undefined })).toBe(true);
    expect(availablePaymentMethods({ stripe: undefined, paypal: undefined })).toEqual(["card", "paypal"]);
  });

  it("with keys only the configured methods, and no sandbox", () => {
    expect(availablePaymentMethods({ stripe, paypal: undefined })).toEqual(["card"]);
    expect(availablePaymentMethods({ stripe: undefined, paypal })).toEqual(["paypal"]);
    expect(availablePaymentMethods({ stripe, paypal })).toEqual(["card", "paypal"]);
    for (const keys of [
      { stripe, paypal: undefined },
      { stripe: undefined, paypal },
      { stripe, paypal },
    ]) {
      expect(sandboxEnabled(keys)).toBe(false);
    }
  });
});
