import { describe, expect, it } from "vitest";
import type { orders } from "../../db/schema/index.ts";
import { money, planPayload } from "./payloads.ts";

type Order = typeof orders.$inferSelect;

const order = (fields: Partial<Order>) =>
  ({
    id: "0a1b2c3d-0000-4000-8000-000000000000",
    shippingCents: 0,
    volumeDiscountCents: 0,
    taxCents: 0,
    taxBasisPoints: 0,
    ...fields,
  }) as Order;

describe("PayPal payloads", () => {
  it("writes cents as PayPal's two-decimal strings without floating point", () => {
    expect([0, 5, 99, 100, 8099, 123456].map((cents) => money(cents).value)).toEqual([
      "0.00",
      "0.05",
      "0.99",
      "1.00",
      "80.99",
      "1234.56",
    ]);
  });

  it("bills the subscription price monthly, with a one-month trial price only when a coupon lowers it", () => {
    const plain = planPayload(
      order({
        subtotalCents: 5999,
        subscriptionDiscountCents: 900,
        couponDiscountCents: 0,
        totalCents: 5099,
      }),
      "PROD",
    );
    expect(plain.billing_cycles).toMatchObject([
      {
        tenure_type: "REGULAR",
        sequence: 1,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { value: "50.99" } },
      },
    ]);
    const free = planPayload(
      order({
        subtotalCents: 5999,
        subscriptionDiscountCents: 900,
        couponDiscountCents: 5099,
        totalCents: 0,
      }),
      "PROD",
    );
    expect(free.billing_cycles.map((c) => [c.tenure_type, c.pricing_scheme.fixed_price.value])).toEqual([
      ["TRIAL", "0.00"],
      ["REGULAR", "50.99"],
    ]);
  });
});
