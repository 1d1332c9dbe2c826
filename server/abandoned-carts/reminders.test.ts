import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createOrder, createProduct, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp.ts";
import { testShippingAddress } from "../../tests/support/store.ts";
import { addToCart, getOrCreateCart } from "../cart/cart.ts";
import { type CheckoutDetails, saveCheckoutDetails } from "../checkout/checkout-address.ts";
import { cartLines, cartReminders, carts, mailOutbox } from "../db/schema/index.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { signLinkToken, verifyLinkToken } from "../marketing/links.ts";
import { saveMarketingPostalAddress } from "../marketing/postal-address.ts";
import { unsubscribeByToken } from "../marketing/unsubscribe.ts";
import { GUEST_REMINDERS_PER_CLIENT_PER_DAY } from "./guest-caps.ts";
import { SECOND_REMINDER_AFTER_HOURS, sendCartReminders } from "./reminders.ts";
import { restoreFromReminder } from "./restore.ts";
import { saveAbandonedCartSettings } from "./settings.ts";

const log = pino({ level: "silent" });
const secret = "test-link-secret-0123456789abcdefghijklmnop";
const hour = 60 * 60 * 1000;
let database: TestDatabase;
let smtp: TestSmtpServer;
let mailer: Mailer;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  mailer = createMailer({
    db: database.db,
    log,
    from: "shop@shop.test",
    smtpUrl: smtp.url,
    publicUrl: "https://shop.test",
    linkSecret: secret,
  });
  await saveMarketingPostalAddress(database.db, "Peak Naturals LLC, 100 Main St, Dallas, TX 75201");
  await saveAbandonedCartSettings(database.db, {
    enabled: true,
    idleHours: 4,
    secondEnabled: false,
    secondCouponId: null,
  });
});
afterAll(async () => {
  await mailer.stop();
  await smtp.close();
  await database.destroy();
});

const services = () => ({ db: database.db, mailer, linkSecret: secret });

/** A verified customer whose cart holds one product and was last changed `idleHours` ago. */
async function idleCart(idleHours: number) {
  const customer = await createUser(database.db);
  const product = await createProduct(database.db, { name: `Resin ${customer.id.slice(0, 6)}` });
  const cartId = await getOrCreateCart(database.db, { userId: customer.id });
  await addToCart(database.db, cartId, product.id, 2);
  return { customer, product, cartId, changed: await age(cartId, idleHours) };
}

/** A guest's cart with one product, kept at the address step with these details, idle `idleHours`. */
async function idleGuestCart(idleHours: number, details: Partial<CheckoutDetails> & { clientIp?: string }) {
  const product = await createProduct(database.db);
  const cartId = await getOrCreateCart(database.db, { guestCartId: null });
  await addToCart(database.db, cartId, product.id, 1);
  await saveCheckoutDetails(database.db, cartId, { address: null, guestEmail: null, ...details });
  await age(cartId, idleHours);
  return { product, cartId };
}

/** Aged in SQL with microseconds, as PostgreSQL's own clock writes them (JavaScript keeps milliseconds). */
async function age(cartId: string, idleHours: number) {
  const [aged] = await database.db
    .update(carts)
    .set({ updatedAt: sql`now() - make_interval(hours => ${idleHours}) - interval '123 microseconds'` })
    .where(eq(carts.id, cartId))
    .returning({ updatedAt: carts.updatedAt });
  return aged!.updatedAt;
}

const remindersOf = (cartId: string) =>
  database.db
    .select()
    .from(cartReminders)
    .where(eq(cartReminders.cartId, cartId))
    .orderBy(cartReminders.step);
const mailsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe("abandoned-cart reminders", () => {
  it("reminds a cart idle for the admin's hours once, with its lines and both signed links", async () => {
    const young = await idleCart(3);
    const old = await idleCart(5);
    await sendCartReminders(services());
    expect(await remindersOf(young.cartId)).toHaveLength(0);
    const [reminder] = await remindersOf(old.cartId);
    expect(reminder).toMatchObject({ step: 1, email: old.customer.email, couponCode: null });
    expect(reminder!.lines).toEqual([
      expect.objectContaining({ productName: old.product.name, quantity: 2 }),
    ]);

    await mailer.idle();
    const [mail] = await mailsTo(old.customer.email);
    expect(mail!.text).toContain(old.product.name);
    expect(mail!.text).toContain("https://shop.test/cart/restore/");
    expect(mail!.text).toContain("https://shop.test/unsubscribe/");
    const delivered = smtp.received.find((m) => m.to.includes(old.customer.email.toLowerCase()))!;
    expect(delivered.raw).toMatch(/List-Unsubscribe:\s+<https:\/\/shop\.test\/unsubscribe\/[^>]+>/);
    expect(delivered.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    await sendCartReminders(services());
    expect(await remindersOf(old.cartId)).toHaveLength(1);
    expect(await mailsTo(old.customer.email)).toHaveLength(1);
  });

  it("never reminds a cart that an order was paid for since it last changed", async () => {
    const paid = await idleCart(6);
    await createOrder(database.db, {
      cartId: paid.cartId,
      userId: paid.customer.id,
      paymentStatus: "paid",
      paidAt: new Date(paid.changed.getTime() + hour),
    });
    await sendCartReminders(services());
    expect(await remindersOf(paid.cartId)).toHaveLength(0);
  });

  it("sends one reminder when two job runs (two instances) go at once", async () => {
    const cart = await idleCart(8);
    await Promise.all([
      sendCartReminders(services()),
      sendCartReminders(services()),
      sendCartReminders(services()),
    ]);
    expect(await remindersOf(cart.cartId)).toHaveLength(1);
    expect(await mailsTo(cart.customer.email)).toHaveLength(1);
  });

  it("reminds a guest who gave an email on the address step, never by the name typed; never one without", async () => {
    const address = { ...testShippingAddress, name: "Gwen Guest", country: "US" };
    const withEmail = await idleGuestCart(5, { address, guestEmail: "gwen.guest@example.com" });
    const withoutEmail = await idleGuestCart(5, { address, guestEmail: null });
    const neverAtPayment = await idleGuestCart(5, { address: null, guestEmail: "early@example.com" });
    const unsubscribed = await idleGuestCart(5, { address, guestEmail: "gone.guest@example.com" });
    const token = signLinkToken(secret, "unsubscribe", "gone.guest@example.com", 30);
    await unsubscribeByToken(database.db, secret, token);

    await sendCartReminders(services());
    const [reminder] = await remindersOf(withEmail.cartId);
    expect(reminder).toMatchObject({ step: 1, email: "gwen.guest@example.com" });
    for (const cart of [withoutEmail, neverAtPayment, unsubscribed])
      expect(await remindersOf(cart.cartId)).toHaveLength(0);
    await mailer.idle();
    const [mail] = await mailsTo("gwen.guest@example.com");
    expect(mail!.text).toContain("Hello, your cart still holds:");
    expect(mail!.text).not.toContain("Gwen Guest");
    expect(mail!.text).toContain(withEmail.product.name);
  });

  it("a guest's typed address gets one reminder per period however many carts name it, and a client a few a day", async () => {
    const address = { ...testShippingAddress, name: "URGENT call 555-0100", country: "US" };
    const victim = "victim.typed@example.com";
    for (let i = 0; i < 3; i++)
      await idleGuestCart(5, { address, guestEmail: victim, clientIp: "192.0.2.50" });
    await Promise.all([sendCartReminders(services()), sendCartReminders(services())]);
    await mailer.idle();
    const mails = await mailsTo(victim);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain("URGENT");

    // One client typing many addresses: at most the day's cap of reminders.
    for (let i = 0; i < GUEST_REMINDERS_PER_CLIENT_PER_DAY + 2; i++)
      await idleGuestCart(5, { address, guestEmail: `typed${i}@example.com`, clientIp: "192.0.2.51" });
    await sendCartReminders(services());
    await mailer.idle();
    let sent = 0;
    for (let i = 0; i < GUEST_REMINDERS_PER_CLIENT_PER_DAY + 2; i++)
      sent += (await mailsTo(`typed${i}@example.com`)).length;
    expect(sent).toBe(GUEST_REMINDERS_PER_CLIENT_PER_DAY);
  });

  it("sends nothing to an address that unsubscribed", async () => {
    const cart = await idleCart(7);
    const token = signLinkToken(secret, "unsubscribe", cart.customer.email.toLowerCase(), 30);
    expect(await unsubscribeByToken(database.db, secret, token)).toBe(cart.customer.email.toLowerCase());
    await sendCartReminders(services());
    expect(await remindersOf(cart.cartId)).toHaveLength(0);
  });

  it("sends the follow-up with the admin's coupon a day after the first reminder, once", async () => {
    const coupon = await createCoupon(database.db);
    const cart = await idleCart(5);
    await sendCartReminders(services());
    await saveAbandonedCartSettings(database.db, {
      enabled: true,
      idleHours: 4,
      secondEnabled: true,
      secondCouponId: coupon.id,
    });
    await sendCartReminders(services());
    expect(await remindersOf(cart.cartId)).toHaveLength(1);

    const later = new Date(Date.now() + (SECOND_REMINDER_AFTER_HOURS + 1) * hour);
    await sendCartReminders(services(), later);
    await sendCartReminders(services(), later);
    const reminders = await remindersOf(cart.cartId);
    expect(reminders.map((r) => [r.step, r.couponCode])).toEqual([
      [1, null],
      [2, coupon.code],
    ]);
    await mailer.idle();
    const mails = await mailsTo(cart.customer.email);
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.subject.startsWith("Still"))!.text).toContain(coupon.code);
    await saveAbandonedCartSettings(database.db, {
      enabled: true,
      idleHours: 4,
      secondEnabled: false,
      secondCouponId: null,
    });
  });

  it("sends nothing while the feature is off", async () => {
    await saveAbandonedCartSettings(database.db, {
      enabled: false,
      idleHours: 4,
      secondEnabled: false,
      secondCouponId: null,
    });
    const cart = await idleCart(9);
    expect(await sendCartReminders(services())).toBe(0);
    expect(await remindersOf(cart.cartId)).toHaveLength(0);
    await saveAbandonedCartSettings(database.db, {
      enabled: true,
      idleHours: 4,
      secondEnabled: false,
      secondCouponId: null,
    });
  });
});

describe("restore links", () => {
  it("puts the emailed lines into the visitor's own cart, and a second click changes nothing", async () => {
    const cart = await idleCart(5);
    await sendCartReminders(services());
    const [reminder] = await remindersOf(cart.cartId);
    const token = signLinkToken(secret, "cart-restore", reminder!.id, 14);
    const first = await restoreFromReminder(database.db, secret, token, { guestCartId: null });
    expect(first.restored).toBe(true);
    const guestCartId = first.restored ? first.cartId : "";
    await restoreFromReminder(database.db, secret, token, { guestCartId });
    const lines = await database.db.select().from(cartLines).where(eq(cartLines.cartId, guestCartId));
    expect(lines.map((l) => [l.productName, l.quantity])).toEqual([[cart.product.name, 2]]);
  });

  it("refuses forged, altered, expired and wrong-purpose tokens", async () => {
    const now = new Date();
    const good = signLinkToken(secret, "cart-restore", "a-reminder", 14, now);
    expect(verifyLinkToken(secret, "cart-restore", good, now)).toBe("a-reminder");
    expect(verifyLinkToken("another-secret-0123456789abcdefghijkl", "cart-restore", good, now)).toBeNull();
    expect(verifyLinkToken(secret, "unsubscribe", good, now)).toBeNull();
    const [payload, signature] = good.split(".");
    const altered = `${Buffer.from(JSON.stringify({ s: "other", e: 9e9 })).toString("base64url")}.${signature}`;
    expect(verifyLinkToken(secret, "cart-restore", altered, now)).toBeNull();
    expect(verifyLinkToken(secret, "cart-restore", `${payload}.`, now)).toBeNull();
    expect(
      verifyLinkToken(secret, "cart-restore", good, new Date(now.getTime() + 15 * 24 * hour)),
    ).toBeNull();
    expect(await restoreFromReminder(database.db, secret, "junk", { guestCartId: null })).toEqual({
      restored: false,
    });
    expect(await unsubscribeByToken(database.db, secret, "junk.token")).toBeNull();
  });
});
