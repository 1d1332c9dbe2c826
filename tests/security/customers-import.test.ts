import { describe, expect, it } from "vitest";
import { createUser } from "../factories/index.ts";
import { expectTooLarge, setupTarget, type Visitor } from "./support.ts";

/**
 * The customers CSV import (/admin/customers/import) attacked over HTTP: roles without the
 * permission and customers, a 50 MB upload, one import per preview, markup in names and notes,
 * and formulas for the customers export's spreadsheet.
 */
const admin = { email: "customers-admin@example.com", password: "customers-admin-pass-1" };
const support = { email: "customers-support@example.com", password: "customers-support-pass-1" };
const marketing = { email: "customers-marketing@example.com", password: "customers-marketing-pass-1" };
const shopper = { email: "customers-shopper@example.com", password: "customers-shopper-pass-1" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    await createUser(db, { ...support, name: "Support Person", role: "admin", staffRole: "support" });
    await createUser(db, { ...marketing, name: "Marketing Person", role: "admin", staffRole: "marketing" });
    await createUser(db, { ...shopper, name: '=HYPERLINK("http://evil")' });
  },
});

const HEADER = "First Name,Last Name,Email,Accepts Email Marketing,Tags,Note\r\n";
const PATH = "/admin/customers/import";

function upload(csv: string | Blob) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("file", csv instanceof Blob ? csv : new Blob([csv], { type: "text/csv" }), "customers.csv");
  return form;
}

const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1];

/** Preview then import, as the page's two buttons do; the page's HTML after the import. */
async function importCsv(office: Visitor, csv: string) {
  const preview = await office.request("POST", PATH, upload(csv));
  const html = await preview.text();
  expect(preview.status, html.slice(0, 300)).toBe(200);
  const token = tokenOf(html);
  expect(token, "the preview offers the import").toBeTruthy();
  const done = await office.postForm(PATH, { intent: "apply", token: token! });
  expect(done.status).toBe(200);
  return done.text();
}

/** The customer's page, found through the list's search. */
async function customerPage(office: Visitor, email: string) {
  const list = await (await office.get(`/admin/customers?q=${encodeURIComponent(email)}`)).text();
  const id = /href="\/admin\/customers\/([0-9a-f-]{36})"/.exec(list)?.[1];
  expect(id, `${email} is listed`).toBeTruthy();
  return { list, page: await (await office.get(`/admin/customers/${id}`)).text() };
}

describe("customers CSV import", () => {
  it("refuses roles without the permission (Support, Marketing) and customers: no page, no preview, no import", async () => {
    const csv = `${HEADER}Nope,Never,never.imported@example.com,yes,,\r\n`;
    for (const account of [support, marketing, shopper]) {
      const visitor = await target.signedIn(account);
      const page = await visitor.get(PATH);
      expect(page.status, account.email).not.toBe(200);
      const posted = await visitor.request("POST", PATH, upload(csv));
      expect(posted.status, account.email).not.toBe(200);
      expect(await posted.text()).not.toContain("never.imported@example.com");
    }
    const office = await target.signedIn(admin);
    expect(await (await office.get("/admin/customers?q=never.imported")).text()).not.toContain(
      "never.imported@example.com",
    );
    // Support sees customers, but no Import button.
    const supportList = await (await (await target.signedIn(support)).get("/admin/customers")).text();
    expect(supportList).not.toContain(`href="${PATH}"`);
  });

  it("refuses a 50 MB upload with a message the admin can act on", async () => {
    const office = await target.signedIn(admin);
    const big = new Blob([new Uint8Array(50 * 1024 * 1024).fill(0x61)], { type: "text/csv" });
    await expectTooLarge(office.request("POST", PATH, upload(big)), "The file must be 20 MB or smaller");
  });

  it("imports a preview once: a second import of it changes nothing (twice at once imports once)", async () => {
    const office = await target.signedIn(admin);
    const preview = await office.request(
      "POST",
      PATH,
      upload(`${HEADER}Olga,Once,olga.once@example.com,yes,once,Imported note\r\n`),
    );
    const token = tokenOf(await preview.text())!;
    const [a, b] = await Promise.all([
      office.postForm(PATH, { intent: "apply", token }),
      office.postForm(PATH, { intent: "apply", token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await office.postForm(PATH, { intent: "apply", token })).status).toBe(409);
    expect((await office.postForm(PATH, { intent: "apply", token: "../../etc/passwd" })).status).toBe(409);
    const { page } = await customerPage(office, "olga.once@example.com");
    // The staff note's field holds the note once (the activity log may name it too).
    expect(/<textarea[^>]*id="customer-note"[^>]*>([^<]*)</.exec(page)?.[1]).toBe("Imported note");
  });

  it("answers bad input with a message, never a 500", async () => {
    const office = await target.signedIn(admin);
    const empty = await office.request("POST", PATH, new FormData());
    expect(empty.status).toBe(400);
    const notCsv = await office.request("POST", PATH, upload('\u0000\u0001binary,"unclosed\n'));
    expect(notCsv.status).toBe(200);
    expect(await notCsv.text()).toMatch(/not a Shopify customer CSV|not readable CSV/);
  });

  it("stores scripts and HTML in names and notes as text, never as markup", async () => {
    const office = await target.signedIn(admin);
    const html = await importCsv(
      office,
      `${HEADER}"<script>alert(1)</script>","<img src=x onerror=alert(2)>",markup@example.com,no,"<b>tag</b>","<script>alert(3)</script> note"\r\n`,
    );
    expect(html).not.toMatch(/<script>alert|<img src=x/);
    const { list, page } = await customerPage(office, "markup@example.com");
    for (const text of [list, page]) {
      expect(text).not.toMatch(/<script>alert|<img src=x|<b>tag/);
      expect(text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
    expect(page).toContain("&lt;script&gt;alert(3)&lt;/script&gt; note");
  });

  it("keeps formulas as data and neutralises them in the customers CSV export", async () => {
    const office = await target.signedIn(admin);
    // The shopper's account already exists: the import adds its note and tags.
    await importCsv(
      office,
      `${HEADER}"=cmd|' /C calc'!A0",,${shopper.email},no,"+tag, @mention","=HYPERLINK(""http://evil"")"\r\n`,
    );
    const { page } = await customerPage(office, shopper.email);
    expect(page).toContain("=HYPERLINK(&quot;http://evil&quot;)");
    // An imported guest (no account) is in the export too, as a guest.
    await importCsv(office, `${HEADER}"=cmd|' /C calc'!A0",,formula.guest@example.com,no,,\r\n`);
    const csv = await (await office.get("/admin/customers/export.csv")).text();
    const line = csv.split("\r\n").find((l) => l.includes(shopper.email))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const guest = csv.split("\r\n").find((l) => l.includes("formula.guest@example.com"))!;
    expect(guest).toMatch(/^,'=cmd\|' \/C calc'!A0,formula\.guest@example\.com,guest,/);
    // No comma-separated piece of the lines starts a formula outside quotes.
    for (const l of [line, guest]) expect(l.split(",").filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });
});
