import { describe, expect, it } from "vitest";
import { skippedSteps, statusChangeQuestion } from "./order-status-change.ts";

describe("status change questions", () => {
  it("names the steps a change skips", () => {
    expect(skippedSteps("pending", "delivered")).toEqual(["processing", "shipped"]);
    expect(skippedSteps("pending", "processing")).toEqual([]);
    expect(skippedSteps("processing", "delivered")).toEqual(["shipped"]);
    expect(skippedSteps("delivered", "pending")).toEqual([]);
    expect(skippedSteps("pending", "cancelled")).toEqual([]);
  });

  it("asks before an email and warns of a skipped shipping step", () => {
    const q = statusChangeQuestion("pending", "delivered", "#1a2b3c4d");
    expect(q.title).toBe("Change order #1a2b3c4d to Delivered?");
    expect(q.description).toContain("emailed that the order was delivered");
    expect(q.description).toContain("undo the change for one minute");
    expect(q.warning).toBe(
      "This skips Processing and Shipped: the customer gets no shipping email and no tracking number.",
    );
    expect(q.silent).toBe(false);
    expect(statusChangeQuestion("pending", "processing", "#1").warning).toBeNull();
  });

  it("says a cancel cannot be undone, and saves a silent change to pending without asking", () => {
    const cancel = statusChangeQuestion("processing", "cancelled", "#1");
    expect(cancel.description).toContain("cannot be undone");
    expect(cancel.confirmLabel).toBe("Cancel order");
    expect(statusChangeQuestion("processing", "pending", "#1")).toMatchObject({
      silent: false,
      warning: "This moves the order back from Processing.",
    });
    expect(statusChangeQuestion("pending", "pending", "#1").silent).toBe(true);
  });
});
