import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POLICY_SLUGS } from "../../core/legal/policies.ts";
import {
  createPolicyVersion,
  createProduct,
  createUser,
  seedPolicyTemplates,
} from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { addToCart, getOrCreateCart } from "../cart/cart.ts";
import { startCheckout } from "../checkout/checkout.ts";
import { policyVersions, storefrontVersion } from "../db/schema/index.ts";
import { ConflictError, InvalidInputError } from "../errors.ts";
import { sandboxProvider } from "../payments/sandbox.ts";
import { currentPolicyVersions, orderPolicyVersionsOf } from "./in-force.ts";
import { currentPolicy, policiesStillTemplates, policyHistory } from "./read.ts";
import { policyInputSchema, savePolicyVersion } from "./save.ts";
import { templateOf } from "./templates.ts";

let database: TestDatabase;
let adminId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedPolicyTemplates(database.db);
  adminId = (await createUser(database.db, { name: "Pat Owner", email: "pat@example.com", role: "admin" }))
    .id;
});
afterAll(() => database.destroy());

const storefrontVersionNow = async () =>
  (await database.db.select().from(storefrontVersion).where(eq(storefrontVersion.id, 1)))[0]!.version;

async function placeOrder() {
  const product = await createProduct(database.db, { priceCents: 2500 });
  const cartId = await getOrCreateCart(database.db, { guestCartId: null });
  await addToCart(database.db, cartId, product.id, 1);
  const result = await startCheckout(database.db, sandboxProvider, {
    cartId,
    userId: null,
    purchaseType: "one_time",
    paymentMethod: "card",
    couponCode: null,
  });
  if (!result.ok) throw new Error(result.reason);
  return result.orderId;
}

describe("starter templates", () => {
  it("are version 1 of every policy, marked as templates; seeding again adds and bumps nothing", async () => {
    const before = await storefrontVersionNow();
    await seedPolicyTemplates(database.db);
    expect(await storefrontVersionNow()).toBe(before);
    const rows = await database.db.select().from(policyVersions).where(eq(policyVersions.version, 1));
    expect(rows.map((r) => r.policy).sort()).toEqual([...POLICY_SLUGS].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        isTemplate: true,
        createdBy: null,
        body: templateOf(row.policy as "terms"),
      });
    }
  });

  it("speak of the shop's real behaviour: online cancellation, the privacy request page, refunds to the payment method", () => {
    expect(templateOf("terms")).toContain("cancel online at any time");
    expect(templateOf("privacy")).toContain("/account/privacy");
    expect(templateOf("refunds")).toContain("go back to the way you paid");
    expect(templateOf("shipping")).toContain("Subscription orders always ship free");
  });
});

describe("saving a policy", () => {
  it("makes a new immutable version by that admin; the page, the history and the template warning follow", async () => {
    expect((await policiesStillTemplates(database.db)).map((p) => p.slug)).toContain("terms");
    const before = await storefrontVersionNow();

    const saved = await createPolicyVersion(
      database.db,
      "terms",
      "## Our terms\r\n\r\nBe **kind**.",
      adminId,
    );

    expect(saved.version).toBe(2);
    expect(await storefrontVersionNow()).toBeGreaterThan(before);
    const page = await currentPolicy(database.db, "terms");
    expect(page).toMatchObject({ title: "Terms of service", version: 2 });
    expect(page!.html).toContain("<strong>kind</strong>");
    const history = await policyHistory(database.db, "terms");
    expect(history.map((v) => v.version)).toEqual([2, 1]);
    expect(history[0]).toMatchObject({ body: "## Our terms\n\nBe **kind**.", isTemplate: false });
    expect(history[0]!.savedBy).toBe("Pat Owner <pat@example.com>");
    expect(history[1]).toMatchObject({ body: templateOf("terms"), isTemplate: true, savedBy: null });
    const warned = (await policiesStillTemplates(database.db)).map((p) => p.slug);
    expect(warned).not.toContain("terms");
    expect(warned).toEqual(expect.arrayContaining(["privacy", "refunds", "shipping", "accessibility"]));
  });

  it("the database refuses to change a saved version", async () => {
    const change = database.db
      .update(policyVersions)
      .set({ body: "rewritten history" })
      .where(eq(policyVersions.policy, "terms"));
    await expect(change).rejects.toThrow();
    expect((await policyHistory(database.db, "terms"))[1]!.body).toBe(templateOf("terms"));
  });

  it("saving the starter text again is detected as the template", async () => {
    await createPolicyVersion(database.db, "shipping", "We ship fast.", adminId);
    await createPolicyVersion(database.db, "shipping", `${templateOf("shipping")}\n\n`, adminId);
    expect((await policiesStillTemplates(database.db)).map((p) => p.slug)).toContain("shipping");
  });

  it("refuses a save over a newer version, and two saves of the same version at once let one in", async () => {
    const stale = savePolicyVersion(database.db, "privacy", { body: "Old base", baseVersion: 0 }, adminId);
    await expect(stale).rejects.toBeInstanceOf(ConflictError);
    const racing = await Promise.allSettled(
      ["First", "Second"].map((body) =>
        savePolicyVersion(database.db, "privacy", { body, baseVersion: 1 }, adminId),
      ),
    );
    expect(racing.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = racing.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect((await policyHistory(database.db, "privacy")).map((v) => v.version)).toEqual([2, 1]);
  });

  it("refuses a save that changes nothing", async () => {
    const current = (await policyHistory(database.db, "accessibility"))[0]!;
    const same = savePolicyVersion(
      database.db,
      "accessibility",
      { body: current.body, baseVersion: current.version },
      adminId,
    );
    await expect(same).rejects.toBeInstanceOf(InvalidInputError);
  });

  it("limits the text: empty, too long and too deeply nested are refused with a message", () => {
    const messages = ["  ", "x".repeat(50_001), `${">".repeat(50)} deep`].map((body) => {
      const parsed = policyInputSchema.safeParse({ body, baseVersion: "1" });
      return parsed.success ? null : parsed.error.issues[0]!.message;
    });
    expect(messages).toEqual([
      "The policy text is required",
      "The policy must be at most 50,000 characters",
      expect.stringContaining("nested too deeply"),
    ]);
  });

  it("renders raw HTML and script links as text", async () => {
    await createPolicyVersion(
      database.db,
      "refunds",
      '<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror="alert(1)">',
      adminId,
    );
    const html = (await currentPolicy(database.db, "refunds"))!.html;
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("an unknown slug has no page", async () => {
    expect(await currentPolicy(database.db, "cookies")).toBeNull();
    expect(await currentPolicy(database.db, "../terms")).toBeNull();
  });
});

describe("policy versions in force", () => {
  it("are recorded on each order at Pay, and an order keeps them after a policy changes", async () => {
    const inForce = await currentPolicyVersions(database.db);
    expect(Object.keys(inForce).sort()).toEqual([...POLICY_SLUGS].sort());
    const first = await placeOrder();
    expect(await orderPolicyVersionsOf(database.db, first)).toEqual(inForce);

    await createPolicyVersion(database.db, "terms", "## Terms, revised", adminId);
    const second = await placeOrder();

    expect((await orderPolicyVersionsOf(database.db, second)).terms).toBe(inForce.terms! + 1);
    expect((await orderPolicyVersionsOf(database.db, first)).terms).toBe(inForce.terms);
  });

  it("a version on an order cannot be deleted", async () => {
    const remove = database.db.execute(sql`delete from policy_versions where policy = 'terms'`);
    await expect(remove).rejects.toThrow();
  });
});
