import { describe, expect, it } from "vitest";
import { postalAddressSchema } from "../../core/forms/address-form.ts";
import { saveAddress } from "../../server/accounts/addresses.ts";
import { createUser } from "../factories/index.ts";
import { expectTooLarge, setupTarget } from "./support.ts";

/**
 * The address book (/account/addresses): another customer's address id is a 404 and is never
 * changed; a visitor who is not signed in is sent to sign in; junk and huge bodies are refused.
 */
const avery = { email: "avery.book@example.com", password: "avery-password-123" };
const blake = { email: "blake.book@example.com", password: "blake-password-123" };
const ids = { averys: "", blakes: "" };
const address = (line1: string) =>
  postalAddressSchema.parse({
    name: "Avery Owner",
    phone: "555-0100",
    line1,
    city: "Austin",
    state: "TX",
    postalCode: "78701",
  });

const target = setupTarget({
  seed: "none",
  prepare: async (db) => {
    const a = await createUser(db, avery);
    const b = await createUser(db, blake);
    ids.averys = (await saveAddress(db, a.id, address("1 Private Lane"))).id;
    ids.blakes = (await saveAddress(db, b.id, { ...address("9 Blake Rd"), name: "Blake" })).id;
  },
});

const PAGE = "/account/addresses";
const validFields = {
  name: "Mallory",
  phone: "555-0199",
  line1: "6 Evil St",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
};

async function averysBook() {
  const owner = await target.signedIn(avery);
  return (await owner.get(PAGE)).text();
}

describe("address book attacks", () => {
  it("never edits, deletes or promotes another customer's address: 404, and it stays as it was", async () => {
    const intruder = await target.signedIn(blake);
    for (const fields of [
      { intent: "update", addressId: ids.averys, ...validFields },
      { intent: "delete", addressId: ids.averys },
      { intent: "make-default", addressId: ids.averys },
    ]) {
      const response = await intruder.postForm(PAGE, fields);
      expect(response.status, fields.intent).toBe(404);
      expect(await response.text()).not.toContain("Private Lane");
    }
    const book = await averysBook();
    expect(book).toContain("1 Private Lane");
    expect(book).not.toContain("Mallory");
    // Blake's own page never lists Avery's address, even when asked to edit it.
    const own = await (await intruder.get(`${PAGE}?edit=${ids.averys}`)).text();
    expect(own).not.toContain("Private Lane");
    expect(own).toContain("9 Blake Rd");
  });

  it("sends a signed-out visitor to sign in and changes nothing", async () => {
    const visitor = target.visitor();
    const page = await visitor.get(PAGE);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/auth/);
    const post = await visitor.postForm(PAGE, { intent: "delete", addressId: ids.averys });
    expect([302, 401, 403]).toContain(post.status);
    expect(await averysBook()).toContain("1 Private Lane");
  });

  it("answers junk with 400 or 404, never 500", async () => {
    const intruder = await target.signedIn(blake);
    const junk: Record<string, string>[] = [
      { intent: "add", ...validFields, state: "ZZ", postalCode: "not-a-zip", name: "x".repeat(5000) },
      { intent: "update", addressId: "../../etc/passwd", ...validFields },
      { intent: "delete", addressId: "' or 1=1 --" },
      { intent: "delete" },
      { intent: "make-default", addressId: "00000000-0000-0000-0000-000000000000" },
      { intent: "nonsense" },
    ];
    for (const fields of junk) {
      const response = await intruder.postForm(PAGE, fields);
      expect([400, 404], JSON.stringify(fields).slice(0, 80)).toContain(response.status);
    }
  });

  it("deletes an address once when the same delete arrives twice at once", async () => {
    const owner = await target.signedIn(blake);
    const twice = await Promise.all(
      [1, 2].map(() => owner.postForm(PAGE, { intent: "delete", addressId: ids.blakes })),
    );
    expect(twice.map((r) => r.status).sort()).toEqual([302, 404]);
  });

  it("refuses a 50 MB body with 413", async () => {
    const owner = await target.signedIn(blake);
    const huge = `intent=add&name=${"a".repeat(50 * 1024 * 1024)}`;
    await expectTooLarge(
      owner.request("POST", PAGE, huge, { headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
    );
  });
});
