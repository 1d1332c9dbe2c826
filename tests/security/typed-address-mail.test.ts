import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { saveAbandonedCartSettings } from "../../server/abandoned-carts/settings.ts";
import { type Db, openDatabase } from "../../server/db/client.ts";
import { carts } from "../../server/db/schema/index.ts";
import { saveMarketingPostalAddress } from "../../server/marketing/postal-address.ts";
import { type RunningApp, restartApp } from "../support/app.ts";
import { decodedSource, startSmtpServer } from "../support/smtp.ts";
import { firstProductId, postCheckoutAddress, shopperAddress } from "./shopper.ts";
import { setupTarget } from "./support.ts";

/**
 * Our shop must not mail strangers what a visitor types (issue 29 part 3). A guest may type anyone's
 * address on the checkout's address step, and any name: three carts with the victim's address and
 * a name that reads as a scam yield at most one abandoned-cart reminder, without the typed text.
 * Signing up with the victim's address and that name sends a verification email without it.
 */
const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const victim = "typed-victim@example.com";
const scam = "URGENT your account is locked call 555-0100";
const mailEnv = { SMTP_URL: smtp.url, SWEEP_INTERVAL_MS: "1000", MAIL_RETRY_INTERVAL_MS: "1000" };

const target = setupTarget({
  env: { ...mailEnv, TRUST_PROXY: "true" },
  prepare: async (db) => {
    await saveMarketingPostalAddress(db, "Peak Naturals LLC, 100 Main St, Dallas, TX 75201");
  },
});

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

/** Runs `change` on the stopped app's database (PostgreSQL, or its embedded one), then starts it again. */
async function restartAfter(app: RunningApp, change: (db: Db) => Promise<void>): Promise<RunningApp> {
  await app.stop();
  if (app.database) await change(app.database.db);
  else {
    const local = await openDatabase({ dataDir: path.join(app.dataDir, "db") });
    try {
      await change(local.db);
    } finally {
      await local.close();
    }
  }
  return restartApp(app, mailEnv);
}

describe("mail to addresses a visitor types", () => {
  it("three guest carts naming a stranger's address and a scam text send one reminder, without the text", async () => {
    const productId = await firstProductId(target.visitor());
    for (let cart = 0; cart < 3; cart++) {
      const attacker = target.visitor();
      const added = await attacker.postForm("/cart", { intent: "add", productId, quantity: "1" });
      expect(added.ok).toBe(true);
      await postCheckoutAddress(
        attacker,
        { ...shopperAddress, name: scam, email: victim },
        {
          "X-Forwarded-For": "198.51.100.90",
        },
      );
    }

    // Hours later, with reminders on (the carts aged while the shop was stopped).
    target.app = await restartAfter(target.app, async (db) => {
      await db.update(carts).set({ updatedAt: new Date(Date.now() - 5 * 3_600_000) });
      await saveAbandonedCartSettings(db, {
        enabled: true,
        idleHours: 4,
        secondEnabled: false,
        secondCouponId: null,
      });
    });

    await expect.poll(() => mailsTo(victim).length, { timeout: 30_000 }).toBeGreaterThan(0);
    // Further sweeps send nothing more.
    const sweeps = Date.now() + 4_000;
    await expect.poll(() => Date.now() > sweeps, { timeout: 10_000, interval: 500 }).toBe(true);
    const reminders = mailsTo(victim);
    expect(reminders).toHaveLength(1);
    const source = decodedSource(reminders[0]!);
    expect(source).toContain("You left something in your cart");
    expect(source).not.toContain("URGENT");
    expect(source).not.toContain("555-0100");
  });

  it("a sign-up with a stranger's address and a scam name sends a verification email without the name", async () => {
    const stranger = "signup-victim@example.com";
    const response = await target
      .visitor()
      .postJson("/api/auth/sign-up/email", { name: scam, email: stranger, password: "a-long-password-1" });
    expect(response.ok, await response.clone().text()).toBe(true);
    await expect.poll(() => mailsTo(stranger).length, { timeout: 30_000 }).toBe(1);
    const source = decodedSource(mailsTo(stranger)[0]!);
    expect(source).toContain("Verify your email address");
    expect(source).not.toContain("URGENT");
    expect(source).not.toContain("555-0100");
  });
});
