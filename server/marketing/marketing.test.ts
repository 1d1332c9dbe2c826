import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct, createReceivedOrder, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { carts, mailOutbox, marketingContacts } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { changeOrderStatus } from "../orders/notify.ts";
import { recordCheckoutNewsWish, sendCheckoutOptInSafely } from "./checkout-wish.ts";
import { findContact, forgetMarketingAddress, mayReceiveMarketing, unsubscribeAddress } from "./contacts.ts";
import { signLinkToken } from "./links.ts";
import { sendMarketingEmail } from "./marketing-email.ts";
import { confirmByToken, sendOptInEmail } from "./newsletter.ts";
import { saveMarketingPostalAddress } from "./postal-address.ts";
import { unsubscribeByToken } from "./unsubscribe.ts";

const secret = "marketing-test-secret-0123456789abcdefgh";
const POSTAL = "Peak Naturals LLC, 100 Main St, Dallas, TX 75201";
const DAY_MS = 24 * 60 * 60 * 1000;
let database: TestDatabase;
let mailer: Mailer;

beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createMailer({
    db: database.db,
    log: createLogger("silent"),
    from: "shop@shop.test",
    publicUrl: "https://shop.test",
    linkSecret: secret,
  });
});
afterAll(async () => {
  await mailer.stop();
  await database.destroy();
});

/** The outbox's mails to the address, oldest first (without an order PostgreSQL may return any). */
const mailsTo = (to: string) =>
  database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));

/** The confirmation link of the latest opt-in email to the address (as the reader would click it). */
async function confirmTokenFor(email: string) {
  const mails = (await mailsTo(email)).filter((m) => m.template === "newsletter-confirm");
  const url = (mails.at(-1)?.props as { url: string } | undefined)?.url ?? "";
  return url.split("/newsletter/confirm/")[1] ?? "";
}

const optIn = (email: string, source: "footer" | "signup" = "footer") =>
  sendOptInEmail(database.db, mailer, { email, source, consentText: `consent shown at ${source}` });

const newsletter = (to: string) =>
  sendMarketingEmail(database.db, mailer, "subscribers", {
    to,
    subject: "We miss you",
    template: "review-invitation",
    props: { name: "", shortId: "news", products: [] },
  });

describe("double opt-in", () => {
  it("records the consent only when the single-use link is confirmed", async () => {
    const email = "Fresh.Reader@Example.com";
    expect(await optIn(email)).toBe(true);
    const pending = await findContact(database.db, secret, email);
    expect(pending).toMatchObject({ email: "fresh.reader@example.com", status: "pending", source: null });
    expect(pending!.consentedAt).toBeNull();
    expect(await mayReceiveMarketing(database.db, secret, email, "subscribers")).toBe(false);

    const token = await confirmTokenFor(email);
    expect(await confirmByToken(database.db, secret, token)).toBe("fresh.reader@example.com");
    const confirmed = await findContact(database.db, secret, email);
    expect(confirmed).toMatchObject({
      status: "subscribed",
      source: "footer",
      consentText: "consent shown at footer",
    });
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
    expect(confirmed!.consentedAt).toBeInstanceOf(Date);
    expect(await mayReceiveMarketing(database.db, secret, email, "subscribers")).toBe(true);

    expect(await confirmByToken(database.db, secret, token)).toBeNull();
    // Already subscribed: no second confirmation email.
    expect(await optIn(email)).toBe(false);
  });

  it("refuses forged, expired and superseded links", async () => {
    const email = "careful@example.com";
    await optIn(email);
    const first = await confirmTokenFor(email);
    const contact = await findContact(database.db, secret, email);
    const subject = `${contact!.id}:${contact!.confirmRequest!.nonce}`;
    const forged = signLinkToken("another-secret-0123456789abcdefghijk", "newsletter-confirm", subject, 7);
    const expired = signLinkToken(
      secret,
      "newsletter-confirm",
      subject,
      7,
      new Date(Date.now() - 8 * DAY_MS),
    );
    const wrongPurpose = signLinkToken(secret, "unsubscribe", subject, 7);
    for (const token of [forged, expired, wrongPurpose, "junk", `${first}x`])
      expect(await confirmByToken(database.db, secret, token), token).toBeNull();

    await optIn(email);
    expect(await confirmByToken(database.db, secret, first)).toBeNull();
    expect(await confirmByToken(database.db, secret, await confirmTokenFor(email))).toBe(email);
  });

  it("keeps an unsubscribed address suppressed until its owner confirms a new opt-in", async () => {
    const email = "changed-mind@example.com";
    await unsubscribeAddress(database.db, secret, email);
    await optIn(email);
    expect((await findContact(database.db, secret, email))!.status).toBe("unsubscribed");
    expect(await mayReceiveMarketing(database.db, secret, email, "customers")).toBe(false);
    await confirmByToken(database.db, secret, await confirmTokenFor(email));
    expect(await findContact(database.db, secret, email)).toMatchObject({
      status: "subscribed",
      unsubscribedAt: null,
    });
  });
});

describe("every marketing email", () => {
  it("is skipped while the shop has no postal address", async () => {
    expect(
      await sendMarketingEmail(database.db, mailer, "customers", {
        to: "early@example.com",
        subject: "Hello",
        template: "review-invitation",
        props: { name: "", shortId: "x", products: [] },
      }),
    ).toBe("no-postal-address");
    expect(await mailsTo("early@example.com")).toHaveLength(0);
  });

  it("carries the unsubscribe link, List-Unsubscribe headers and the postal address", async () => {
    await saveMarketingPostalAddress(database.db, POSTAL);
    const email = "reader@example.com";
    await optIn(email);
    await confirmByToken(database.db, secret, await confirmTokenFor(email));
    expect(await newsletter(email)).toBe("queued");
    await mailer.idle();
    const [mail] = (await mailsTo(email)).filter((m) => m.subject === "We miss you");
    expect(mail!.headers).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(/^<https:\/\/shop\.test\/unsubscribe\/[^>]+>$/),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail!.text).toContain(POSTAL);
    expect(mail!.text).toContain("https://shop.test/unsubscribe/");
    expect(mail!.html).toContain(POSTAL);
  });

  it("one unsubscribe stops newsletters and review invitations; order emails still arrive", async () => {
    await saveMarketingPostalAddress(database.db, POSTAL);
    const customer = await createUser(database.db);
    const email = customer.email;
    await optIn(email);
    await confirmByToken(database.db, secret, await confirmTokenFor(email));
    const token = signLinkToken(secret, "unsubscribe", email.toLowerCase(), 365);
    expect(await unsubscribeByToken(database.db, secret, token)).toBe(email.toLowerCase());

    expect(await newsletter(email)).toBe("unsubscribed");
    const product = await createProduct(database.db);
    const order = await createReceivedOrder(database.db, { userId: customer.id, email }, product.id, {
      status: "shipped",
      deliveredAt: null,
    });
    await changeOrderStatus(database.db, mailer, order.id, "delivered");
    await mailer.idle();
    const templates = (await mailsTo(email)).map((m) => m.template);
    expect(templates).toContain("order-status-update");
    expect(templates).not.toContain("review-invitation");
  });

  it("a review invitation to a customer who never unsubscribed carries the footer", async () => {
    await saveMarketingPostalAddress(database.db, POSTAL);
    const customer = await createUser(database.db);
    const product = await createProduct(database.db);
    const order = await createReceivedOrder(
      database.db,
      { userId: customer.id, email: customer.email },
      product.id,
      {
        status: "shipped",
        deliveredAt: null,
      },
    );
    await changeOrderStatus(database.db, mailer, order.id, "delivered");
    await mailer.idle();
    const [invitation] = (await mailsTo(customer.email)).filter((m) => m.template === "review-invitation");
    expect(invitation!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(invitation!.text).toContain(POSTAL);
  });
});

describe("erasure", () => {
  it("keeps an opt-out as a keyed hash only, and it still suppresses", async () => {
    const email = "gone@example.com";
    await unsubscribeAddress(database.db, secret, email);
    await forgetMarketingAddress(database.db, secret, email);
    const rows = await database.db.select().from(marketingContacts).where(eq(marketingContacts.email, email));
    expect(rows).toHaveLength(0);
    const kept = await findContact(database.db, secret, email);
    expect(kept).toMatchObject({ email: null, status: "unsubscribed" });
    expect(kept!.emailHash).not.toContain("gone");
    expect(await mayReceiveMarketing(database.db, secret, "GONE@example.com", "customers")).toBe(false);
  });

  it("deletes a row that was no opt-out", async () => {
    const email = "leaving@example.com";
    await optIn(email);
    await forgetMarketingAddress(database.db, secret, email);
    expect(await findContact(database.db, secret, email)).toBeNull();
  });
});

describe("checkout box", () => {
  it("sends the opt-in after payment to a signed-in buyer's account address, once", async () => {
    const buyer = await createUser(database.db);
    const [cart] = await database.db.insert(carts).values({ userId: buyer.id }).returning();
    await recordCheckoutNewsWish(database.db, cart!.id, true);
    const order = await createOrder(database.db, {
      userId: buyer.id,
      email: "payer@paypal.test",
      cartId: cart!.id,
    });
    await sendCheckoutOptInSafely(database.db, mailer, order);
    await sendCheckoutOptInSafely(database.db, mailer, order);
    const sent = (await mailsTo(buyer.email)).filter((m) => m.template === "newsletter-confirm");
    expect(sent).toHaveLength(1);
    expect(await mailsTo("payer@paypal.test")).toHaveLength(0);
    expect((await findContact(database.db, secret, buyer.email))!.confirmRequest!.source).toBe("checkout");
  });

  it("sends nothing when the box was unticked on the last Pay", async () => {
    const [cart] = await database.db.insert(carts).values({}).returning();
    await recordCheckoutNewsWish(database.db, cart!.id, true);
    await recordCheckoutNewsWish(database.db, cart!.id, false);
    const order = await createOrder(database.db, { email: "guest-buyer@example.com", cartId: cart!.id });
    await sendCheckoutOptInSafely(database.db, mailer, order);
    expect(await mailsTo("guest-buyer@example.com")).toHaveLength(0);
  });
});
