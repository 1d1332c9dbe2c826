import { describe, expect, it } from "vitest";
import { MINUTE_LIMIT_MESSAGE } from "../support/e2e-helpers.ts";
import { checkoutPost, fillCart, firstProductId } from "./shopper.ts";
import { setupTarget, startOfRateWindow } from "./support.ts";

const target = setupTarget();

describe("coupon guessing", () => {
  it("refuses coupon lookups from one address after a handful per minute, with a clear message", async () => {
    const guesser = target.visitor();
    await fillCart(guesser, await firstProductId(guesser));
    await startOfRateWindow();
    const statuses: number[] = [];
    let refusal = "";
    for (let guess = 0; guess < 15; guess++) {
      const response = await checkoutPost(guesser, "apply-coupon", { couponCode: `GUESS${guess}` });
      statuses.push(response.status);
      if (response.status === 429) refusal = await response.text();
      else await response.body?.cancel();
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400)); // 'Invalid Coupon'
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
    expect(refusal).toMatch(MINUTE_LIMIT_MESSAGE);

    // Even a real code is not looked up now: guessing cannot go on until the window passes.
    const real = await checkoutPost(guesser, "apply-coupon", { couponCode: "WELCOME10" });
    expect(real.status).toBe(429);
  });
});
