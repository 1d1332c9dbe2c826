import { describe, expect, it } from "vitest";
import { oncePerPageLoad } from "./request-memo.ts";

const counting = () => {
  let reads = 0;
  return {
    load: async () => ++reads,
    get reads() {
      return reads;
    },
  };
};

describe("oncePerPageLoad", () => {
  it("shares one read between the loaders of a page load, and not with the next request", async () => {
    const cart = counting();
    const context = {};
    const page = new Request("http://shop.test/checkout");
    const [layout, checkout] = await Promise.all([
      oncePerPageLoad(context, page, "cart", cart.load),
      oncePerPageLoad(context, page, "cart", cart.load),
    ]);
    expect([layout, checkout, cart.reads]).toEqual([1, 1, 1]);
    expect(await oncePerPageLoad(context, page, "other", cart.load)).toBe(2);
    expect(await oncePerPageLoad({}, page, "cart", cart.load)).toBe(3);
  });

  it("reads afresh on a form post, whose action may have changed what the loaders read", async () => {
    const cart = counting();
    const context = {};
    const post = new Request("http://shop.test/checkout", { method: "POST" });
    await oncePerPageLoad(context, post, "cart", cart.load);
    expect(await oncePerPageLoad(context, post, "cart", cart.load)).toBe(2);
  });

  it("does not keep a failed read", async () => {
    const context = {};
    const page = new Request("http://shop.test/");
    await expect(
      oncePerPageLoad(context, page, "cart", () => Promise.reject(new Error("connection reset"))),
    ).rejects.toThrow("connection reset");
    expect(await oncePerPageLoad(context, page, "cart", async () => "read again")).toBe("read again");
  });
});
