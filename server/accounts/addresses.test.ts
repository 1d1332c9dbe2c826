import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postalAddressSchema } from "../../core/address.ts";
import { createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { listAddresses, MAX_SAVED_ADDRESSES, saveAddress } from "./addresses.ts";

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
