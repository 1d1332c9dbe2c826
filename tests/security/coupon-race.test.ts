import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponReservations, couponUsages } from "../../server/db/schema/index.ts";
import { createCoupon, createProduct } from "../factories/index.ts";
import { describeOnPostgres } from "../support/database.ts";
import { postCheckoutAddress, shopperAddress } from "./shopper.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * A single-use coupon raced by 50 shoppers paying at the same moment: exactly one checkout gets
 * it, the 49 others are told it is used up. Needs PostgreSQL (real concurrent transactions).
 */
const SHOPPERS = 50;
const ids = { product: "", coupon: "" };

describeOnPostgres("single-use coupon under 50 concurrent checkouts", () => {
  const target = setupTarget({
    seed: "none",
    // Each shopper has an address of their own (per-client limits must not decide the race).
    env: { TRUST_PROXY: "true" },
    prepare: async (db) => {
      ids.product = (await createProduct(db, { name: "Race Resin", priceCents: 4000 })).id;
      ids.coupon = (await createCoupon(db, { code: "ONLYONCE", usageLimit: 1 })).id;
    },
  });

  /** A guest with their own address and a cart holding one item. */
  async function shopper(index: number): Promise<{ visitor: Visitor; headers: Record<string, string> }> {
    const visitor = target.visitor();
    const headers = { "X-Forwarded-For": `198.51.100.${index + 1}` };
    const added = await visitor.postForm(
      "/cart",
      { intent: "add", productId: ids.product, quantity: "1" },
      { headers },
    );
    expect(added.status).toBe(200);
    await postCheckoutAddress(visitor, shopperAddress, headers);
    return { visitor, headers };
  }

  it("lets exactly one checkout use the coupon", async () => {
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(i)));
    const answers = await Promise.all(
      shoppers.map(({ visitor, headers }) =>
        visitor.postForm("/checkout", { intent: "pay", appliedCoupon: "ONLYONCE" }, { headers }),
      ),
    );
    const opened = answers.filter((r) => r.status === 302);
    const refused = answers.filter((r) => r.status === 400);
    expect(opened).toHaveLength(1);
    expect(refused).toHaveLength(SHOPPERS - 1);
    for (const response of refused) expect(await response.text()).toContain("Usage Limit Reached");

    const db = target.app.database!.db;
    const [held] = await db
      .select({ n: count() })
      .from(couponReservations)
      .where(eq(couponReservations.couponId, ids.coupon));
    const [used] = await db
      .select({ n: count() })
      .from(couponUsages)
      .where(eq(couponUsages.couponId, ids.coupon));
    expect(held!.n + used!.n).toBe(1);
  });
});
