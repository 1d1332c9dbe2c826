import { describe, expect, it } from "vitest";
import { refundFormSchema } from "../forms/refund-form.ts";
import { paidPerLine, refundState, unitsRefundCents } from "./refunds.ts";

describe("the refund amount of lines", () => {
  it("shares order discounts over the lines in proportion, to the cent", () => {
    const lines = [
      { id: "a", quantity: 3, lineTotalCents: 1000, volumeDiscountCents: 0 },
      { id: "b", quantity: 1, lineTotalCents: 1000, volumeDiscountCents: 0 },
      { id: "c", quantity: 1, lineTotalCents: 1000, volumeDiscountCents: 100 },
    ];
    const paid = paidPerLine(lines, { subscriptionDiscountCents: 0, couponDiscountCents: 100 });
    expect([...paid.values()].reduce((sum, cents) => sum + cents, 0)).toBe(3000 - 100 - 100);
    expect(paid.get("c")).toBe(900 - 31);
  });

  it("adds up to what a line was paid when refunded unit by unit", () => {
    const line = { quantity: 3 };
    const units = [0, 1, 2].map((done) => unitsRefundCents(1000, line, 1, done));
    expect(units).toEqual([333, 333, 334]);
    expect(unitsRefundCents(1000, line, 3, 0)).toBe(1000);
  });

  it("reads Refunded / Partially refunded from the amounts", () => {
    expect(refundState({ refundedCents: 0, totalCents: 100 })).toBeNull();
    expect(refundState({ refundedCents: 1, totalCents: 100 })).toBe("partially_refunded");
    expect(refundState({ refundedCents: 100, totalCents: 100 })).toBe("refunded");
  });

  it("parses amounts in dollars to cents and refuses the rest", () => {
    const key = "00000000-0000-4000-8000-000000000000";
    const parse = (amount: string) =>
      refundFormSchema.safeParse({ mode: "amount", amount, reason: "r", idempotencyKey: key });
    expect(parse("12.5").data).toMatchObject({ amount: 1250 });
    for (const bad of ["-1", "0", "1e3", "1.234", "abc", "99999999"]) expect(parse(bad).success).toBe(false);
  });
});
