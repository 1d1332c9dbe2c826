import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { loadSandboxSession, sandboxProvider } from "./sandbox.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function sessionFor(order: Awaited<ReturnType<typeof createOrder>>) {
  const expiresAt = new Date(Date.now() + 60 * 60_000);
  // As checkout does: the session is opened in the transaction that holds the order.
  const { sessionId } = await database.db.transaction((tx) =>
    sandboxProvider.createSession(tx, { order, items: [], method: "card", expiresAt }),
  );
  return loadSandboxSession(database.db, sessionId);
}

describe("loadSandboxSession: the email the test payment page prefills", () => {
  it("is the email a guest typed at the address step", async () => {
    const order = await createOrder(database.db, { email: "guest.typed@example.com" });
    expect((await sessionFor(order))?.buyerEmail).toBe("guest.typed@example.com");
  });

  it("is the account's email for a signed-in buyer, and empty for a guest who gave none", async () => {
    const account = await createUser(database.db, { email: "buyer.account@example.com" });
    expect((await sessionFor(await createOrder(database.db, { userId: account.id })))?.buyerEmail).toBe(
      "buyer.account@example.com",
    );
    expect((await sessionFor(await createOrder(database.db)))?.buyerEmail).toBe("");
  });
});
