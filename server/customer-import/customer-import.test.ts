import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { attachGuestOrders } from "../accounts/guest-orders.ts";
import { withActor } from "../audit/actor.ts";
import { auditEntries, customerAddresses, customers, marketingContacts, user } from "../db/schema/index.ts";
import { unsubscribeAddress } from "../marketing/contacts.ts";
import { importCustomersCsv } from "./import-customers.ts";
import { IMPORTED_CONSENT_TEXT } from "./upsert-customer.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const SECRET = "test-secret-for-customer-import";
const staff = {
  kind: "staff" as const,
  id: "staff-1",
  name: "Olive Owner",
  email: "olive@example.com",
  ip: null,
};
const run = (csv: string, apply = true, fileName = "customers.csv") =>
  withActor(staff, () => importCustomersCsv(t.db, [csv], { apply, secret: SECRET, fileName }));

let n = 0;
const unique = (name: string) => `${name}.${++n}.${Date.now()}@example.com`;
const rowOf = async (email: string) =>
  (await t.db.select().from(customers).where(eq(customers.emailKey, email.toLowerCase())))[0];
const contactOf = async (email: string) =>
  (await t.db.select().from(marketingContacts).where(eq(marketingContacts.email, email.toLowerCase())))[0];

const NEW_HEADER =
  "First Name,Last Name,Email,Accepts Email Marketing,Default Address Company,Default Address Address1,Default Address Address2,Default Address City,Default Address Province Code,Default Address Country Code,Default Address Zip,Default Address Phone,Phone,Accepts SMS Marketing,Tags,Note,Tax Exempt";
const OLD_HEADER =
  "First Name,Last Name,Email,Company,Address1,Address2,City,Province,Province Code,Country,Country Code,Zip,Phone,Accepts Marketing,Total Spent,Total Orders,Tags,Note,Tax Exempt";

describe("reading Shopify's customer CSV", () => {
  it("reads a BOM, CRLF, quoted commas and quotes, multi-line notes and blank lines; newer and older headers", async () => {
    const a = unique("Ada");
    const b = unique("Bob");
    const newer = `\uFEFF${NEW_HEADER}\r\nAda,"Lovelace, ""Countess""",${a.toUpperCase()},yes,,1 Main St,,Austin,TX,US,78701,+1 512 555 0100,'+15125550100,no,"VIP, Wholesale","Line one\r\nline two, with comma",no\r\n\r\n`;
    const older = `${OLD_HEADER}\nBob,Baker,${b},Acme,2 Oak Ave,Suite 5,Dallas,Texas,TX,United States,US,75201,+1 214 555 0101,true,12.00,1,, ,no\n`;
    const first = await run(newer);
    const second = await run(older);
    expect(first.view()).toMatchObject({ counts: { created: 1, updated: 0, refused: 0 }, consents: 1 });
    expect(second.view()).toMatchObject({ counts: { created: 1, updated: 0, refused: 0 }, consents: 1 });
    expect(await rowOf(a)).toMatchObject({
      userId: null,
      name: 'Ada Lovelace, "Countess"',
      phone: "+15125550100",
      note: "Line one\nline two, with comma",
      tags: ["vip", "wholesale"],
      orderCount: 0,
      acceptsMarketing: true,
      importedAddress: {
        name: 'Ada Lovelace, "Countess"',
        line1: "1 Main St",
        city: "Austin",
        state: "TX",
        postalCode: "78701",
        country: "US",
      },
    });
    expect(await rowOf(b)).toMatchObject({
      name: "Bob Baker",
      importedAddress: { line1: "2 Oak Ave", line2: "Suite 5, Acme", state: "TX", country: "US" },
    });
  });

  it("refuses bad emails, a second row of one email, fields too long and staff addresses, and imports the rest", async () => {
    const good = unique("good");
    const staffEmail = unique("staff");
    await createUser(t.db, { email: staffEmail, role: "admin", staffRole: "support" });
    const csv = [
      "First Name,Last Name,Email,Note",
      `Good,One,${good},"=HYPERLINK(""http://evil"")"`,
      "No,Email,not-an-email,",
      `Dup,Twice,${good.toUpperCase()},`,
      `${"x".repeat(120)},,${unique("long")},`,
      `Staff,Member,${staffEmail},`,
    ].join("\n");
    const preview = await run(csv, false);
    expect(preview.fileError).toBeNull();
    expect(preview.view().refused.map((l) => [l.row, l.reason])).toEqual([
      [3, "Enter a valid email address."],
      [4, "The same email as row 2."],
      [5, "Name is at most 100 characters."],
      [6, "This email belongs to a staff account."],
    ]);
    expect(await rowOf(good), "the preview writes nothing").toBeUndefined();
    const done = await run(csv);
    expect(done.counts).toEqual({ created: 1, updated: 0, refused: 4 });
    // Formula characters are data here; the CSV exports neutralise them (core/text/csv.ts).
    expect((await rowOf(good))!.note).toBe('=HYPERLINK("http://evil")');
  });

  it("refuses a file that is not a customer CSV, with a message", async () => {
    const report = await run("Handle,Title\nx,y\n", false);
    expect(report.fileError).toMatch(/not a Shopify customer CSV/);
  });
});

describe("upserting by email", () => {
  it("importing the same file twice gives the same customers, addresses and consents", async () => {
    const guest = unique("twice");
    const account = await createUser(t.db, { email: unique("Account.Holder"), name: "Acc Holder" });
    const csv = `${NEW_HEADER}\nTess,Twice,${guest},yes,,5 Elm St,,Austin,TX,US,78702,+1 512 555 0102,,no,"a, b",Note once,no\nAcc,Holder,${account.email.toUpperCase()},no,,9 Pine Rd,,Austin,TX,US,78703,+1 512 555 0103,,no,c,Known buyer,no\n`;
    const snapshot = async () => ({
      customers: await t.db
        .select()
        .from(customers)
        .where(inArray(customers.emailKey, [guest, account.email.toLowerCase()])),
      addresses: await t.db.select().from(customerAddresses).where(eq(customerAddresses.userId, account.id)),
      contacts: await t.db
        .select()
        .from(marketingContacts)
        .where(inArray(marketingContacts.email, [guest, account.email.toLowerCase()])),
    });
    const first = await run(csv);
    expect(first.counts).toEqual({ created: 1, updated: 1, refused: 0 });
    const after = await snapshot();
    const again = await run(csv);
    expect(again.counts).toEqual({ created: 0, updated: 2, refused: 0 });
    expect(again.consents).toBe(0);
    expect(await snapshot()).toEqual(after);
    expect(after.addresses).toHaveLength(1);
    expect(after.addresses[0]).toMatchObject({ line1: "9 Pine Rd", isDefault: true });
    const held = after.customers.find((c) => c.userId === account.id)!;
    expect(held).toMatchObject({ name: "Acc Holder", note: "Known buyer", tags: ["c"] });
  });

  it("an imported guest keeps its record, joins the account that signs up, and its address joins the book once verified", async () => {
    const email = unique("later");
    await run(
      `${NEW_HEADER}\nLee,Later,${email},yes,,7 Bay St,,Austin,TX,US,78704,+1 512 555 0104,,no,returning,From the old shop,no\n`,
    );
    // A consent change refreshes the row (the customers triggers): the imported row stays.
    await unsubscribeAddress(t.db, SECRET, email);
    expect(await rowOf(email)).toMatchObject({
      userId: null,
      acceptsMarketing: false,
      note: "From the old shop",
    });
    const signedUp = await createUser(t.db, { email, name: "Lee Account", emailVerified: false });
    expect(await rowOf(email)).toMatchObject({
      userId: signedUp.id,
      note: "From the old shop",
      tags: ["returning"],
    });
    expect((await rowOf(email))!.importedAddress).toMatchObject({ line1: "7 Bay St" });
    await attachGuestOrders(t.db, signedUp.id);
    expect(
      await t.db.select().from(customerAddresses).where(eq(customerAddresses.userId, signedUp.id)),
    ).toEqual([]);
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, signedUp.id));
    await attachGuestOrders(t.db, signedUp.id);
    await attachGuestOrders(t.db, signedUp.id);
    const book = await t.db.select().from(customerAddresses).where(eq(customerAddresses.userId, signedUp.id));
    expect(book.map((a) => a.line1)).toEqual(["7 Bay St"]);
  });

  it("a guest buyer with orders keeps the orders' figures and gets the file's note and tags", async () => {
    const email = unique("buyer");
    await createOrder(t.db, { email, paymentStatus: "paid", name: "Order Name", totalCents: 4200 });
    const report = await run(`First Name,Last Name,Email,Tags,Note\nFile,Name,${email},imported,Hello\n`);
    expect(report.counts.updated).toBe(1);
    expect(await rowOf(email)).toMatchObject({
      orderCount: 1,
      totalSpentCents: 4200,
      tags: ["imported"],
      note: "Hello",
    });
  });
});

describe("marketing consent", () => {
  it("is recorded only where the file says yes, as imported", async () => {
    const emails = ["yes", "TRUE", "subscribed", "no", "", "false", "unsubscribed"].map((v) => [
      v,
      unique("c"),
    ]);
    const csv = `First Name,Email,Accepts Email Marketing\n${emails.map(([v, e]) => `C,${e},${v}`).join("\n")}\n`;
    const preview = await run(csv, false);
    expect(preview.consents).toBe(3);
    expect(await contactOf(emails[0]![1]!), "the preview records nothing").toBeUndefined();
    expect((await run(csv)).consents).toBe(3);
    for (const [value, email] of emails) {
      const contact = await contactOf(email!);
      if (["yes", "TRUE", "subscribed"].includes(value!))
        expect(contact).toMatchObject({
          status: "subscribed",
          source: "admin",
          consentText: IMPORTED_CONSENT_TEXT,
        });
      else expect(contact, `"${value}"`).toBeUndefined();
      expect((await rowOf(email!))!.acceptsMarketing).toBe(contact !== undefined);
    }
  });

  it("never overwrites an unsubscribe recorded in this shop, before or after the import", async () => {
    const before = unique("gone-before");
    const after = unique("gone-after");
    await unsubscribeAddress(t.db, SECRET, before);
    const csv = `First Name,Email,Accepts Email Marketing\nA,${before},yes\nB,${after},yes\n`;
    expect((await run(csv)).consents).toBe(1);
    await unsubscribeAddress(t.db, SECRET, after);
    expect((await run(csv)).consents).toBe(0);
    for (const email of [before, after]) {
      expect(await contactOf(email)).toMatchObject({ status: "unsubscribed" });
      expect((await rowOf(email))!.acceptsMarketing).toBe(false);
    }
  });
});

describe("the audit log", () => {
  it("records each imported customer and the import, with the staff member", async () => {
    const email = unique("audited");
    await run(`First Name,Email,Accepts Email Marketing\nAudrey,${email},yes\n`, true, "audited.csv");
    const row = await rowOf(email);
    const entries = await t.db.select().from(auditEntries).where(eq(auditEntries.entityId, row!.id));
    expect(entries).toMatchObject([{ entityType: "customer", action: "create", actorName: "Olive Owner" }]);
    expect(entries[0]!.changes).toMatchObject({ consent: { to: IMPORTED_CONSENT_TEXT } });
    const imports = await t.db.select().from(auditEntries).where(eq(auditEntries.entityLabel, "audited.csv"));
    expect(imports).toMatchObject([
      { entityType: "customer-import", action: "import", actorName: "Olive Owner" },
    ]);
    expect(imports[0]!.changes).toMatchObject({ created: { to: 1 }, consents: { to: 1 } });
  });
});

describe("streaming", () => {
  it("writes each customer as its row is read: the file is never read far ahead of the import", async () => {
    const ROWS = 400;
    const note = "n".repeat(300);
    const prefix = `stream${Date.now()}`;
    const written = async () =>
      (await t.db.select({ emailKey: customers.emailKey }).from(customers)).filter((c) =>
        c.emailKey.startsWith(prefix),
      ).length;
    const lag: number[] = [];
    async function* source() {
      yield "First Name,Last Name,Email,Note\n";
      for (let i = 0; i < ROWS; i++) {
        if (i === 300) lag.push(i - (await written()));
        yield `Row,${i},${prefix}.${i}@example.com,${note}\n`;
      }
    }
    const report = await importCustomersCsv(t.db, source(), { apply: true, secret: SECRET });
    expect(report.counts.created).toBe(ROWS);
    // Only the streams' buffers (some 16 KB each) are read ahead: a few rows, not the 300 read so far.
    expect(lag[0]).toBeLessThan(100);
  }, 120_000);
});
