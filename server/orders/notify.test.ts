import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { changeOrderStatus } from "./notify.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const shippingEmailsTo = (to: string) =>
  database.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, "order-shipped")));

describe("changeOrderStatus (what Orders Management calls)", () => {
  it("emails the buyer once when the order becomes shipped, not on a repeated save or other statuses", async () => {
    const mailer = createMailer({
      db: database.db,
      log: createLogger("silent"),
      from: "Shop <shop@example.com>",
    });
    const order = await createOrder(database.db, {
      paymentStatus: "paid",
      email: "sam@example.com",
      name: "Sam",
    });
    for (const status of ["processing", "shipped", "shipped", "delivered"] as const) {
      expect(await changeOrderStatus(database.db, mailer, order.id, status)).toMatchObject({ status });
    }
    await mailer.idle();
    expect(await shippingEmailsTo("sam@example.com")).toEqual([
      { subject: `Order #${order.id.slice(0, 8)} has shipped` },
    ]);
  });

  it("changes nothing and sends nothing for an unpaid order", async () => {
    const mailer = createMailer({
      db: database.db,
      log: createLogger("silent"),
      from: "Shop <shop@example.com>",
    });
    const order = await createOrder(database.db, { paymentStatus: "unpaid", email: "una@example.com" });
    expect(await changeOrderStatus(database.db, mailer, order.id, "shipped")).toBeNull();
    expect(await shippingEmailsTo("una@example.com")).toEqual([]);
  });
});
