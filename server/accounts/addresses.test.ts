import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postalAddressSchema } from "../../core/forms/address-form.ts";
import { createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { NotFoundError } from "../errors.ts";
import {
  deleteAddress,
  listAddresses,
  MAX_SAVED_ADDRESSES,
  saveAddress,
  setDefaultAddress,
  updateAddress,
} from "./addresses.ts";

const home = postalAddressSchema.parse({
  name: "Jane Doe",
  phone: "+1 512 555 0100",
  line1: "1 Main St",
  city: "Austin",
  state: "tx",
  postalCode: "78701",
});

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

describe("address book", () => {
  it("makes the first address the default and does not save the same address twice", async () => {
    const user = await createUser(t.db);
    const first = await saveAddress(t.db, user.id, home);
    expect(first.isDefault).toBe(true);
    expect(first.state).toBe("TX");
    const again = await saveAddress(t.db, user.id, { ...home, city: "AUSTIN" });
    expect(again.id).toBe(first.id);
    const work = await saveAddress(
      t.db,
      user.id,
      { ...home, line1: "500 Congress Ave" },
      { makeDefault: true },
    );
    const book = await listAddresses(t.db, user.id);
    expect(book.map((a) => [a.id, a.isDefault])).toEqual([
      [work.id, true],
      [first.id, false],
    ]);
  });

  it("keeps one account's book to its cap, even under concurrent saves", async () => {
    const user = await createUser(t.db);
    const saves = Array.from({ length: MAX_SAVED_ADDRESSES + 5 }, (_, i) =>
      saveAddress(t.db, user.id, { ...home, line1: `${i + 1} Main St` }).then(
        () => "saved",
        (e: Error) => e.message,
      ),
    );
    const outcomes = await Promise.all(saves);
    expect(outcomes.filter((o) => o === "saved")).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(await listAddresses(t.db, user.id)).toHaveLength(MAX_SAVED_ADDRESSES);
    expect((await listAddresses(t.db, user.id)).filter((a) => a.isDefault)).toHaveLength(1);
  });
});

describe("address book changes", () => {
  it("edits, makes default and deletes the customer's own addresses; the next one becomes the default", async () => {
    const user = await createUser(t.db);
    const first = await saveAddress(t.db, user.id, home);
    const second = await saveAddress(t.db, user.id, { ...home, line1: "2 Oak St" });
    const edited = await updateAddress(t.db, user.id, second.id, {
      ...home,
      line1: "3 Elm St",
      city: "Dallas",
    });
    expect(edited).toMatchObject({ id: second.id, line1: "3 Elm St", city: "Dallas", isDefault: false });

    await setDefaultAddress(t.db, user.id, second.id);
    expect((await listAddresses(t.db, user.id)).map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    await deleteAddress(t.db, user.id, second.id);
    expect((await listAddresses(t.db, user.id)).map((a) => [a.id, a.isDefault])).toEqual([[first.id, true]]);
    await deleteAddress(t.db, user.id, first.id);
    expect(await listAddresses(t.db, user.id)).toEqual([]);
  });

  it("treats another customer's address (or a made-up id) as not found and leaves it alone", async () => {
    const owner = await createUser(t.db);
    const intruder = await createUser(t.db);
    const address = await saveAddress(t.db, owner.id, home);
    for (const id of [address.id, crypto.randomUUID(), "not-an-id"]) {
      await expect(updateAddress(t.db, intruder.id, id, { ...home, name: "Mallory" })).rejects.toBeInstanceOf(
        NotFoundError,
      );
      await expect(deleteAddress(t.db, intruder.id, id)).rejects.toBeInstanceOf(NotFoundError);
      await expect(setDefaultAddress(t.db, intruder.id, id)).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(await listAddresses(t.db, owner.id)).toEqual([address]);
  });

  it("keeps one default when the default is changed concurrently", async () => {
    const user = await createUser(t.db);
    const ids = [];
    for (const line1 of ["1 A St", "2 B St", "3 C St", "4 D St"])
      ids.push((await saveAddress(t.db, user.id, { ...home, line1 })).id);
    await Promise.all(ids.map((id) => setDefaultAddress(t.db, user.id, id)));
    expect((await listAddresses(t.db, user.id)).filter((a) => a.isDefault)).toHaveLength(1);
  });
});
