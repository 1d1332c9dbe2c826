import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/index.ts";
import { clientHeaders, createTestAuth } from "../../tests/support/auth.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { rowsGone, snapshotRows } from "../../tests/support/row-snapshot.ts";
import type { Auth } from "../auth/auth.ts";
import { submitContactMessage } from "../contact/contact.ts";
import { privacyRequests, user, webhookEvents } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { confirmationMessage, queuePaymentEmail } from "../orders/payment-email.ts";
import { eraseFor, subjectForCustomer } from "./requests.ts";

/**
 * Issue 29: erasure selects a person's rows by identifiers only. Four customers whose names and
 * emails overlap as text — one named like the shop ("Peak Shilajit", in every email), one like an
 * email's subject ("Verify your email address"), "Jordan Lee" inside "Jordan Leeson" and
 * lee@example.com inside jordan.lee@example.com — each signs up, fails a sign-in, orders, writes
 * to the shop and appears in a provider's webhook. Erasing one changes no row of the others.
 */
type Person = { name: string; email: string; userId: string; orderId: string; sessionId: string };
const people: Record<"brand" | "verify" | "lee" | "leeson", Person> = {
  brand: { name: "Peak Shilajit", email: "peak@example.com", userId: "", orderId: "", sessionId: "" },
  verify: {
    name: "Verify your email address",
    email: "verify.me@example.com",
    userId: "",
    orderId: "",
    sessionId: "",
  },
  lee: { name: "Jordan Lee", email: "lee@example.com", userId: "", orderId: "", sessionId: "" },
  leeson: { name: "Jordan Leeson", email: "jordan.lee@example.com", userId: "", orderId: "", sessionId: "" },
};

let database: TestDatabase;
let auth: Auth;
let mailer: Mailer;
const log = createLogger("silent");
const db = () => database.db;
const services = () => ({ providerFor: () => undefined as never, linkSecret: "l".repeat(32) });

beforeAll(async () => {
  database = await createTestDatabase();
  ({ auth, mailer } = createTestAuth(database.db, { shopInbox: "owner@shop.test" }));
  for (const person of Object.values(people)) await shopAs(person);
  // A dispute whose free text names "Jordan Lee" but carries no id or email of theirs.
  await db()
    .insert(webhookEvents)
    .values({
      provider: "stripe",
      eventId: "evt_note_only",
      type: "charge.dispute.created",
      payload: { data: { object: { id: "dp_1", evidence: { note: "Customer Jordan Lee phoned" } } } },
    });
  await mailer.idle();
});
afterAll(async () => {
  await database?.destroy();
});

/** What each of them did: sign-up (verification email), a failed sign-in, a paid order, a message, a webhook. */
async function shopAs(person: Person) {
  const headers = clientHeaders("203.0.113.9");
  await auth.api.signUpEmail({
    body: { name: person.name, email: person.email, password: "pw-123456789" },
    headers,
  });
  await auth.api
    .signInEmail({ body: { email: person.email, password: "wrong-password-1" }, headers })
    .catch(() => undefined);
  const [account] = await db().select().from(user).where(eq(user.email, person.email));
  person.userId = account!.id;
  person.sessionId = `cs_test_${randomUUID().replaceAll("-", "")}`;
  const order = await createOrder(db(), {
    paymentStatus: "paid",
    userId: person.userId,
    name: person.name,
    email: person.email,
    stripeSessionId: person.sessionId,
  });
  person.orderId = order.id;
  await queuePaymentEmail(db(), mailer, order, confirmationMessage(order, []));
  await submitContactMessage(
    db(),
    { mailer, log, inbox: "owner@shop.test" },
    { name: person.name, email: person.email, phone: "555-0100", message: "Hello" },
  );
  await db()
    .insert(webhookEvents)
    .values({
      provider: "stripe",
      eventId: `evt_${person.orderId}`,
      type: "checkout.session.completed",
      payload: {
        data: {
          object: {
            id: person.sessionId,
            metadata: { orderId: person.orderId },
            customer_details: { email: person.email.toUpperCase(), name: person.name },
          },
        },
      },
    });
}

/** A row is theirs when it holds one of their identifiers — never because of a shared word. */
function holdsIdentifierOf(row: string, person: Person) {
  const text = row.toLowerCase();
  return (
    text.includes(person.userId) ||
    text.includes(person.orderId) ||
    text.includes(person.sessionId) ||
    text.includes(`"${person.email}"`) ||
    text.includes(`:${person.email}`)
  );
}

async function erase(person: Person) {
  const before = await snapshotRows(db());
  const left = await eraseFor(
    db(),
    await subjectForCustomer(db(), person.userId),
    { by: "customer" },
    services(),
  );
  const after = await snapshotRows(db());
  return { gone: rowsGone(before, after), left };
}

describe("erasure by identifiers", () => {
  it("erasing the customer named like the shop leaves every row of the others byte for byte", async () => {
    const { gone, left } = await erase(people.brand);
    expect(gone.length).toBeGreaterThan(10);
    const notTheirs = gone.filter((g) => !holdsIdentifierOf(g.row, people.brand));
    expect(notTheirs).toEqual([]);
    // The shop's name is in every other email: left in place, and listed for the admin.
    expect(left.filter((r) => r.table === "mail_outbox").length).toBeGreaterThan(5);
    const [logged] = await db().select().from(privacyRequests).orderBy(desc(privacyRequests.createdAt));
    expect(logged!.leftForReview).toEqual(left);
    expect(JSON.stringify(left)).not.toContain(people.brand.email);
  });

  it("erasing the customer named like an email subject keeps the others' verification emails", async () => {
    const { gone } = await erase(people.verify);
    expect(gone.filter((g) => !holdsIdentifierOf(g.row, people.verify))).toEqual([]);
    expect(
      gone.some((g) => g.table === "mail_outbox" && g.row.includes('"to":"verify.me@example.com"')),
    ).toBe(true);
  });

  it("erasing Jordan Lee (lee@example.com) keeps Jordan Leeson (jordan.lee@example.com) whole", async () => {
    const { gone, left } = await erase(people.lee);
    expect(gone.filter((g) => !holdsIdentifierOf(g.row, people.lee))).toEqual([]);
    expect(gone.some((g) => holdsIdentifierOf(g.row, people.leeson))).toBe(false);
    // Their own rows of every kind went: account, mail, rate-limit counter, webhook payload.
    const tables = new Set(gone.map((g) => g.table));
    for (const table of ["user", "mail_outbox", "rate_limit_hits", "webhook_events", "contact_messages"])
      expect(tables).toContain(table);
    // The dispute naming "Jordan Lee" only in text is left and listed, as are Jordan Leeson's rows.
    const [dispute] = await db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, "evt_note_only"));
    expect(dispute!.payload).not.toBeNull();
    expect(left).toContainEqual({
      table: "webhook_events",
      id: dispute!.id,
      what: "stripe event charge.dispute.created",
    });
  });
});
