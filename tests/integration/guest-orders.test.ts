import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  attachedOrdersMessage,
  attachGuestOrders,
  takeAttachedOrdersNotice,
} from "../../server/accounts/guest-orders.ts";
import type { Auth } from "../../server/auth/auth.ts";
import { mailOutbox, orders } from "../../server/db/schema/index.ts";
import type { Mailer } from "../../server/mail/mailer.ts";
import { createUser } from "../factories/accounts.ts";
import { createOrder } from "../factories/orders.ts";
import { clientHeaders, setupAuthDatabase } from "../support/auth.ts";
import type { TestDatabase } from "../support/database.ts";

let database: TestDatabase;
let auth: Auth;
let mailer: Mailer;
setupAuthDatabase((opened) => ({ database, auth, mailer } = opened));

let n = 0;
const freshIp = () => `198.51.100.${++n}`;

const paidGuestOrder = (email: string) => createOrder(database.db, { paymentStatus: "paid", email });
const ownerOf = async (orderId: string) =>
  (await database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0]!.userId;

async function verificationToken(email: string) {
  await mailer.idle();
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  return new URL(mail!.text!.match(/https?:\/\/\S*verify-email\S*/)![0]).searchParams.get("token")!;
}

describe("guest orders join the account that verifies their email", () => {
  it("attaches only paid guest orders with the same email, whatever its case, and only once", async () => {
    const owner = await createUser(database.db, { email: "buyer-a@example.com" });
    const first = await paidGuestOrder("Buyer-A@Example.com");
    const second = await paidGuestOrder("buyer-a@example.com");
    const unpaid = await createOrder(database.db, { email: "buyer-a@example.com" });
    const someoneElses = await paidGuestOrder("buyer-b@example.com");
    const other = await createUser(database.db);
    const othersOwn = await createOrder(database.db, {
      paymentStatus: "paid",
      email: "buyer-a@example.com",
      userId: other.id,
    });

    expect(await attachGuestOrders(database.db, owner.id)).toBe(2);
    expect(await ownerOf(first.id)).toBe(owner.id);
    expect(await ownerOf(second.id)).toBe(owner.id);
    expect(await ownerOf(unpaid.id)).toBeNull();
    expect(await ownerOf(someoneElses.id)).toBeNull();
    expect(await ownerOf(othersOwn.id)).toBe(other.id);

    expect(await attachGuestOrders(database.db, owner.id)).toBe(0);
    expect(await takeAttachedOrdersNotice(database.db, owner.id)).toBe(2);
    expect(await takeAttachedOrdersNotice(database.db, owner.id)).toBe(0);
  });

  it("never attaches to an account whose email is not verified", async () => {
    const unverified = await createUser(database.db, { email: "claimer@example.com", emailVerified: false });
    const order = await paidGuestOrder("claimer@example.com");
    expect(await attachGuestOrders(database.db, unverified.id)).toBe(0);
    expect(await ownerOf(order.id)).toBeNull();
  });

  it("attaches at the moment better-auth marks the email verified, not at sign-up", async () => {
    const email = "late-signup@example.com";
    const order = await paidGuestOrder(email);
    await auth.api.signUpEmail({
      body: { name: "Lee Guest", email, password: "secret-123" },
      headers: clientHeaders(freshIp()),
    });
    expect(await ownerOf(order.id)).toBeNull();

    await auth.api.verifyEmail({
      query: { token: await verificationToken(email) },
      headers: clientHeaders(freshIp()),
    });
    const userId = await ownerOf(order.id);
    expect(userId).not.toBeNull();
    expect(await takeAttachedOrdersNotice(database.db, userId!)).toBe(1);
  });

  it("adds up several attachments until the notice is shown", async () => {
    const owner = await createUser(database.db);
    await paidGuestOrder(owner.email);
    await attachGuestOrders(database.db, owner.id);
    await paidGuestOrder(owner.email.toUpperCase());
    await attachGuestOrders(database.db, owner.id);
    expect(await takeAttachedOrdersNotice(database.db, owner.id)).toBe(2);
  });

  it("words the notice for one order and for several", () => {
    expect(attachedOrdersMessage(1)).toBe("Your earlier order is now in My Orders");
    expect(attachedOrdersMessage(2)).toBe("Your 2 earlier orders are now in My Orders");
  });
});
