import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { changeOrderStatus } from "./change-status.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("shipping email", () => {
  it("goes to the buyer once the order becomes shipped", async () => {
    const order = await createOrder(database.db, {
      paymentStatus: "paid",
      email: "sam@example.com",
      name: "Sam",
    });
    const sent: MailMessage[] = [];
    const mailer = {
      send: async (message: MailMessage) => {
        sent.push(message);
        return "id";
      },
    };
    for (const status of ["shipped", "shipped"] as const) {
      await changeOrderStatus({ db: database.db, mailer }, order.id, status);
    }
    expect(sent).toMatchObject([{ to: "sam@example.com", template: "order-shipped" }]);
  });
});
