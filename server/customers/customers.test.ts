import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { customers, marketingContacts, orders, session, subscriptions, user } from "../db/schema/index.ts";
import { ConflictError, InvalidInputError } from "../errors.ts";
import {
  attachGuestOrder,
  editCustomerDetails,
  noteAndTagsSchema,
  saveNoteAndTags,
  setSignInDisabled,
} from "./actions.ts";
import { type CustomerQuery, customerQuerySchema, listCustomers } from "./list.ts";
import { customerProfile } from "./profile.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const query = (input: Record<string, string> = {}): CustomerQuery => customerQuerySchema.parse(input);
const rowOf = async (email: string) => {
  const [row] = await t.db.select().from(customers).where(eq(customers.emailKey, email.toLowerCase()));
  return row;
};
const paid = (fields: Partial<typeof orders.$inferInsert>) =>
  createOrder(t.db, { paymentStatus: "paid", ...fields });
let n = 0;
const unique = (name: string) => `${name}.${++n}.${Date.now()}@example.com`;

describe("the customers table follows orders, accounts, subscriptions and consent", () => {
  it("a guest buyer appears by email with their orders together, and joins the account that signs up", async () => {
    const email = unique("Guest.Buyer");
    await paid({ email: email.toUpperCase(), name: "Gia Guest", phone: "+1 512 555 0199", totalCents: 1000 });
    await paid({ email, name: "Gia Guest", totalCents: 2500, refundedCents: 500 });
    await createOrder(t.db, { email, totalCents: 9999 }); // unpaid: not counted
    const guest = await rowOf(email);
    expect(guest).toMatchObject({ userId: null, orderCount: 2, totalSpentCents: 3000, name: "Gia Guest" });
    await saveNoteAndTags(
      t.db,
      guest!.id,
      noteAndTagsSchema.parse({ note: "Called about a parcel", tags: "VIP, wholesale" }),
    );

    const account = await createUser(t.db, { email: email.toLowerCase(), name: "Gia Account" });
    const joined = await rowOf(email);
    expect(joined).toMatchObject({
      userId: account.id,
      orderCount: 2,
      totalSpentCents: 3000,
      name: "Gia Account",
    });
    expect(joined!.note).toBe("Called about a parcel");
    expect(joined!.tags.sort()).toEqual(["vip", "wholesale"]);
    expect(
      (await t.db.select().from(customers).where(eq(customers.emailKey, email.toLowerCase()))).length,
    ).toBe(1);
  });

  it("refunds, subscriptions and marketing consent update the figures and flags", async () => {
    const person = await createUser(t.db, { email: unique("flags") });
    const order = await paid({ userId: person.id, email: person.email, totalCents: 4000 });
    await t.db.update(orders).set({ refundedCents: 1000 }).where(eq(orders.id, order.id));
    await t.db.insert(subscriptions).values({
      userId: person.id,
      provider: "sandbox",
      status: "active",
      items: [],
      monthlyTotalCents: 3000,
      discountBasisPoints: 1000,
    });
    await t.db
      .insert(marketingContacts)
      .values({ email: person.email, emailHash: `h-${person.id}`, status: "subscribed" });
    expect(await rowOf(person.email)).toMatchObject({
      totalSpentCents: 3000,
      orderCount: 1,
      subscriber: true,
      acceptsMarketing: true,
    });
    await t.db
      .update(marketingContacts)
      .set({ status: "unsubscribed" })
      .where(eq(marketingContacts.email, person.email));
    expect((await rowOf(person.email))!.acceptsMarketing).toBe(false);
  });

  it("staff accounts are not customers", async () => {
    const staff = await createUser(t.db, { role: "admin", staffRole: "support", email: unique("staff") });
    expect(await rowOf(staff.email)).toBeUndefined();
  });
});

describe("listing customers", () => {
  const tag = `bench${Date.now()}`;
  beforeAll(async () => {
    // Seven customers with the same total spent, to page across equal values.
    for (let i = 0; i < 7; i++) {
      const person = await createUser(t.db, { email: unique(`equal${i}`), name: `Equal Spender ${i}` });
      await paid({ userId: person.id, email: person.email, totalCents: 777_00 });
      const [row] = await t.db.select().from(customers).where(eq(customers.userId, person.id));
      await saveNoteAndTags(t.db, row!.id, { note: "", tags: [tag] });
    }
  });

  it("pages by keyset without skipping or repeating rows among equal values, for every sort", async () => {
    for (const sort of ["spent", "orders", "last-order", "newest"]) {
      const seen: string[] = [];
      let after: string | undefined;
      do {
        const page = await listCustomers(t.db, query({ tag, sort, ...(after && { after }) }), 3);
        seen.push(...page.rows.map((row) => row.id));
        after = page.next ?? undefined;
      } while (after);
      expect(seen).toHaveLength(7);
      expect(new Set(seen).size).toBe(7);
    }
  });

  it("searches name, email and phone digits; filters by orders, subscriber, marketing, tag", async () => {
    const email = unique("findme");
    const person = await createUser(t.db, { email, name: "Zebediah Quill" });
    await paid({ userId: person.id, email, phone: "(512) 555-8642", totalCents: 100 });
    const ids = async (input: Record<string, string>) =>
      (await listCustomers(t.db, query(input))).rows.map((r) => r.email);
    expect(await ids({ q: "zebediah" })).toEqual([email]);
    expect(await ids({ q: email.slice(0, 12).toUpperCase() })).toContain(email);
    expect(await ids({ q: "555-8642" })).toEqual([email]);
    expect(await ids({ q: "zebediah", orders: "no" })).toEqual([]);
    expect(await ids({ q: "zebediah", subscriber: "yes" })).toEqual([]);
    expect(await ids({ q: "zebediah", marketing: "no" })).toEqual([email]);
    expect((await ids({ tag })).length).toBe(7);
    expect(await ids({ q: "100%_\\" })).toEqual([]);
  });

  it("a bad sort or page position from the URL starts over instead of failing", async () => {
    const page = await listCustomers(t.db, query({ sort: "drop table", after: "x~y", orders: "maybe" }));
    expect(page.rows.length).toBeGreaterThan(0);
  });
});

describe("customer actions", () => {
  it("a changed email is unverified; a taken one is refused", async () => {
    const person = await createUser(t.db, { email: unique("edit") });
    const other = await createUser(t.db, { email: unique("other") });
    const row = await rowOf(person.email);
    await expect(
      editCustomerDetails(t.db, row!.id, { name: "X", email: other.email }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    const next = unique("new");
    expect(await editCustomerDetails(t.db, row!.id, { name: "New Name", email: next })).toEqual({
      emailChanged: true,
      email: next,
    });
    const [after] = await t.db.select().from(user).where(eq(user.id, person.id));
    expect(after).toMatchObject({ email: next, emailVerified: false, name: "New Name" });
    expect((await rowOf(next))!.id).toBe(row!.id);
  });

  it("disabling sign-in bans the account and ends its sessions", async () => {
    const person = await createUser(t.db, { email: unique("ban") });
    await t.db.insert(session).values({
      id: crypto.randomUUID(),
      token: crypto.randomUUID(),
      userId: person.id,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const row = await rowOf(person.email);
    await setSignInDisabled(t.db, row!.id, true);
    expect((await t.db.select().from(session).where(eq(session.userId, person.id))).length).toBe(0);
    expect((await t.db.select().from(user).where(eq(user.id, person.id)))[0]!.banned).toBe(true);
    await setSignInDisabled(t.db, row!.id, false);
    expect((await t.db.select().from(user).where(eq(user.id, person.id)))[0]!.banned).toBe(false);
  });

  it("attaches a guest order by its number and email only, once", async () => {
    const person = await createUser(t.db, { email: unique("owner") });
    const guestEmail = unique("work");
    const order = await paid({ email: guestEmail, totalCents: 1500 });
    const row = await rowOf(person.email);
    const wrong = { orderNumber: order.number!, orderEmail: unique("someone") };
    await expect(attachGuestOrder(t.db, row!.id, wrong)).rejects.toBeInstanceOf(InvalidInputError);
    await attachGuestOrder(t.db, row!.id, {
      orderNumber: order.number!,
      orderEmail: guestEmail.toLowerCase(),
    });
    expect((await rowOf(person.email))!.orderCount).toBe(1);
    expect(await rowOf(guestEmail)).toBeUndefined();
    const profile = await customerProfile(t.db, row!.id);
    expect(profile.orders.map((o) => o.number)).toEqual([order.number]);
    const third = await createUser(t.db, { email: unique("third") });
    const thirdRow = await rowOf(third.email);
    await expect(
      attachGuestOrder(t.db, thirdRow!.id, {
        orderNumber: order.number!,
        orderEmail: guestEmail.toLowerCase(),
      }),
    ).rejects.toBeInstanceOf(ConflictError);
  });
});
