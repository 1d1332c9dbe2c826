import { describe, expect, it } from "vitest";
import { saveAddress } from "../../server/accounts/addresses.ts";
import { addToCart, getOrCreateCart } from "../../server/cart/cart.ts";
import { createProduct, createUser } from "../factories/index.ts";
import { adminEnv, testAdmin } from "../support/e2e-helpers.ts";
import { shopperAddress } from "./shopper.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * The checkout's address step and /admin/shipping attacked over HTTP: bad and huge input gets
 * messages (never a 500), another customer's saved address is not usable, and only the admin may
 * change rates or tax.
 */
const buyer = { email: "address-attacker@example.com", password: "attacker-password-123" };
const victim = { email: "address-victim@example.com", password: "victim-password-123" };
const ids = { victimAddress: "", product: "" };

const target = setupTarget({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const user = await createUser(db, buyer);
    const product = await createProduct(db, { name: "Address Resin", priceCents: 2500 });
    ids.product = product.id;
    await addToCart(db, await getOrCreateCart(db, { userId: user.id }), product.id, 1);
    const other = await createUser(db, victim);
    ids.victimAddress = (
      await saveAddress(db, other.id, { ...shopperAddress, name: "Victim Person", line1: "1 Private Rd" })
    ).id;
  },
});

/** One sign-in per person for the whole file (sign-ins are rate limited per client). */
const sessions = new Map<string, Promise<Visitor>>();
function sessionOf(account: { email: string; password: string }): Promise<Visitor> {
  if (!sessions.has(account.email)) sessions.set(account.email, target.signedIn(account));
  return sessions.get(account.email)!;
}

const addressStep = async (fields: Record<string, string>) =>
  (await sessionOf(buyer)).postForm("/checkout", { intent: "save-address", ...fields });

describe("checkout address step under attack", () => {
  it("answers bad, missing and oversized fields with messages and keeps what was typed", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...shopperAddress, postalCode: "<script>" }, "Please enter a 5-digit ZIP code (or ZIP+4)."],
      [{ ...shopperAddress, state: "ZZ" }, "Please choose a state."],
      [{ ...shopperAddress, country: "FR" }, "We ship to the United States only for now."],
      [{ ...shopperAddress, name: "x".repeat(5000) }, "Please enter at most 100 characters."],
      [{ ...shopperAddress, phone: "call me" }, "Please enter a valid phone number"],
      [{ intent: "save-address" }, "Please enter the recipient&#x27;s full name."],
    ];
    for (const [fields, message] of cases) {
      const response = await addressStep(fields);
      expect(response.status, message).toBe(400);
      const text = await response.text();
      expect(text).toContain(message);
    }
    const kept = await addressStep({ ...shopperAddress, line1: "42 Typed Street", postalCode: "1" });
    expect(await kept.text()).toContain("42 Typed Street");
  });

  it("checks a guest's email and shows a typed one as text; an account's post never stores one", async () => {
    const guest = target.visitor();
    await guest.postForm("/cart", { intent: "add", productId: ids.product, quantity: "1" });
    const refused: string[] = ["<script>alert(1)</script>", `${"a".repeat(300)}@example.com`, "a@b"];
    for (const email of refused) {
      const response = await guest.postForm("/checkout", {
        intent: "save-address",
        ...shopperAddress,
        email,
      });
      expect(response.status, email).toBe(400);
      const text = await response.text();
      expect(text).toContain("Please enter a valid email address, or leave it empty.");
      expect(text).not.toContain("<script>alert(1)</script>");
    }
    const kept = await guest.postForm("/checkout", {
      intent: "save-address",
      ...shopperAddress,
      email: "guest.buyer@example.com",
    });
    expect(kept.status).toBe(302);
    expect(await (await guest.get("/checkout")).text()).toContain("guest.buyer@example.com");

    const account = await sessionOf(buyer);
    const typed = await account.postForm("/checkout", {
      intent: "save-address",
      ...shopperAddress,
      email: "someone.else@example.com",
    });
    expect(typed.status).toBe(302);
    expect(await (await account.get("/checkout")).text()).not.toContain("someone.else@example.com");
  });

  it("refuses a 2 MB address post with 413", async () => {
    const visitor = await sessionOf(buyer);
    const body = new URLSearchParams({
      intent: "save-address",
      ...shopperAddress,
      line1: "a".repeat(2 * 1024 * 1024),
    });
    const response = await visitor.request("POST", "/checkout", body);
    expect(response.status).toBe(413);
  });

  it("does not let a customer ship to (or read) another customer's saved address", async () => {
    const response = await addressStep({ savedAddressId: ids.victimAddress });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain("That saved address is no longer in your address book.");
    expect(text).not.toContain("1 Private Rd");
    const page = await (await (await sessionOf(buyer)).get("/checkout")).text();
    expect(page).not.toContain("1 Private Rd");
  });

  it("takes a good address once, and the pay step then prices for it", async () => {
    const visitor = await sessionOf(buyer);
    const saved = await visitor.postForm("/checkout", { intent: "save-address", ...shopperAddress });
    expect(saved.status).toBe(302);
    const page = await (await visitor.get("/checkout")).text();
    expect(page).toContain("Ship to");
    expect(page).toContain("1 Main St");
  });
});

describe("/admin/shipping under attack", () => {
  const zone = {
    intent: "save-zone",
    zoneName: "Free For Me",
    states: "TX",
    rateName: "Free",
    price: "0",
    freeOver: "",
  };
  const tax = { intent: "save-tax", state: "TX", rate: "0" };

  it("refuses rate and tax changes from an anonymous visitor and a customer, and changes nothing", async () => {
    for (const visitor of [target.visitor(), await sessionOf(buyer)]) {
      for (const fields of [zone, tax, { intent: "delete-tax", state: "TX" }]) {
        const response = await visitor.postForm("/admin/shipping", fields);
        expect([302, 401, 403, 404]).toContain(response.status);
      }
    }
    // The admin's screen still shows only the seeded zone and no tax rate.
    const screen = await (await (await sessionOf(testAdmin)).get("/admin/shipping")).text();
    expect(screen).toContain("United States");
    expect(screen).not.toContain("Free For Me");
    expect(screen).not.toMatch(/<td[^>]*>TX<\/td>/);
  });

  it("answers the admin's bad input with messages, never a 500", async () => {
    const admin = await sessionOf(testAdmin);
    const bad: [Record<string, string>, string][] = [
      [{ ...zone, price: "-5" }, "Please enter a price like 5.00."],
      [{ ...zone, states: "XX, TX" }, "Use two-letter state codes, e.g. AK, HI."],
      [{ ...zone, states: "" }, "The United States already has a default zone"],
      [{ ...zone, id: "not-a-uuid" }, "Zone not found"],
      [{ ...tax, rate: "35" }, "A rate above 20% is not a US sales tax rate."],
      [{ ...tax, state: "'; drop table orders; --" }, "Please choose a state."],
      [{ intent: "delete-zone", id: "00000000-0000-4000-8000-000000000000" }, "Zone not found"],
    ];
    for (const [fields, message] of bad) {
      const response = await admin.postForm("/admin/shipping", fields);
      expect(response.status, message).toBeGreaterThanOrEqual(400);
      expect(response.status, message).toBeLessThan(500);
      expect(await response.text(), JSON.stringify(fields)).toContain(message);
    }
  });
});
