import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { customers } from "../../server/db/schema/index.ts";
import { createOrder, createUser } from "../factories/index.ts";
import { matrixAdminEnv, matrixStaff } from "../support/admin-route-matrix.ts";
import { decodedSource, startSmtpServer } from "../support/smtp.ts";
import { setupTarget } from "./support.ts";

/**
 * The customer screens (issue 34 item 1): only roles with view:customer open them and only
 * edit:customer acts; every action concerns the customer in the URL, never a posted id; a guest
 * order joins an account only by its number and its own email; a name with line breaks never
 * reaches an email and one with markup is escaped; disabling sign-in ends the sessions at once.
 */
const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const victim = { email: "cust-victim@example.com", password: "victim-password-123" };
const other = { email: "cust-other@example.com", password: "other-password-123" };
const ids = { victim: "", other: "", otherOrder: 0, guestOrder: 0 };
const guestEmail = "cust-guest@example.com";

const target = setupTarget({
  seed: "none",
  env: { ...matrixAdminEnv, SMTP_URL: smtp.url, SWEEP_INTERVAL_MS: "1000", MAIL_RETRY_INTERVAL_MS: "1000" },
  prepare: async (db) => {
    for (const role of ["support", "fulfilment", "marketing"] as const)
      await createUser(db, { ...matrixStaff[role], role: "admin", staffRole: role });
    const a = await createUser(db, { ...victim, name: "Vera Victim" });
    const b = await createUser(db, { ...other, name: "Otto Other" });
    ids.otherOrder = (await createOrder(db, { paymentStatus: "paid", userId: b.id, email: b.email })).number!;
    ids.guestOrder = (await createOrder(db, { paymentStatus: "paid", email: guestEmail, name: "Gus Guest" }))
      .number!;
    const rowOf = async (userId: string) =>
      (await db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId)))[0]!.id;
    ids.victim = await rowOf(a.id);
    ids.other = await rowOf(b.id);
  },
});

const page = (id: string) => `/admin/customers/${id}`;
const support = () => target.signedIn(matrixStaff.support);

describe("who may open and act", () => {
  it("Fulfilment and Marketing are refused the list, the page and every action; Support is let in", async () => {
    for (const role of ["fulfilment", "marketing"] as const) {
      const staff = await target.signedIn(matrixStaff[role]);
      for (const url of ["/admin/customers", page(ids.victim), "/admin/customers?q=vera"]) {
        const response = await staff.get(url);
        expect(response.status, `${role} GET ${url}`).toBe(403);
        expect(await response.text()).not.toContain("Vera Victim");
      }
      for (const intent of ["disable", "reset", "details", "attach", "save"]) {
        const response = await staff.postForm(page(ids.victim), {
          intent,
          name: "Hacked",
          email: "x@example.com",
        });
        expect(response.status, `${role} POST ${intent}`).toBe(403);
      }
      const search = await (await staff.get("/admin/search?q=vera")).text();
      expect(search).not.toContain("Vera Victim");
    }
    const customer = await target.signedIn(other);
    expect((await customer.get(page(ids.victim))).status).not.toBe(200);
    const staff = await support();
    const list = await staff.get("/admin/customers?q=vera");
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("Vera Victim");
  });

  it("ids that are not a customer's are a 404, never a 500", async () => {
    const staff = await support();
    for (const id of ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "%00", "1%27%20or%201=1"]) {
      expect((await staff.get(page(id))).status, id).toBe(404);
      expect((await staff.postForm(page(id), { intent: "disable" })).status, id).toBe(404);
    }
  });
});

describe("actions act on the customer in the URL only", () => {
  it("a posted id of another customer is ignored: the note lands on the URL's customer", async () => {
    const staff = await support();
    await staff.postForm(page(ids.victim), { id: ids.other, note: "Note for Vera only", tags: "vip" });
    expect(await (await staff.get(page(ids.victim))).text()).toContain("Note for Vera only");
    expect(await (await staff.get(page(ids.other))).text()).not.toContain("Note for Vera only");
  });

  it("another account's order cannot be attached, nor a guest order with the wrong email", async () => {
    const staff = await support();
    const taken = await staff.postForm(page(ids.victim), {
      intent: "attach",
      orderNumber: String(ids.otherOrder),
      orderEmail: other.email,
    });
    expect(taken.status).toBe(409);
    const wrongEmail = await staff.postForm(page(ids.victim), {
      intent: "attach",
      orderNumber: String(ids.guestOrder),
      orderEmail: victim.email,
    });
    expect(wrongEmail.status).toBe(400);
    expect(await (await staff.get(page(ids.other))).text()).toMatch(orderNumberIn(ids.otherOrder));
    const attached = await staff.postForm(page(ids.victim), {
      intent: "attach",
      orderNumber: String(ids.guestOrder),
      orderEmail: guestEmail.toUpperCase(),
    });
    expect(attached.status).toBe(302);
    expect(await (await staff.get(page(ids.victim))).text()).toMatch(orderNumberIn(ids.guestOrder));
  });
});

/** An order number as the server-rendered page shows it (React may split "#" and the number). */
const orderNumberIn = (number: number | string) => new RegExp(`#(<!-- -->)?${number}\\b`);

describe("text that reaches an email", () => {
  it("a name with a line break is refused with the field named; markup in a name is escaped in the reset email", async () => {
    const staff = await support();
    const crlf = await staff.postForm(page(ids.victim), {
      intent: "details",
      name: "Vera\r\nBcc: everyone@example.com",
      email: victim.email,
    });
    expect(crlf.status).toBe(400);
    expect(await crlf.text()).toContain("Name cannot hold line breaks");
    const markup = '<a href="https://evil.example">Vera</a>';
    const saved = await staff.postForm(page(ids.victim), {
      intent: "details",
      name: markup,
      email: victim.email,
    });
    expect(saved.status).toBe(302);
    expect((await staff.postForm(page(ids.victim), { intent: "reset" })).status).toBe(302);
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(victim.email)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const source = decodedSource(smtp.received.find((m) => m.to.includes(victim.email))!);
    expect(source).toContain("Reset your password");
    // The plain-text part may carry the name as typed (inert there); the HTML part must escape it.
    const html = source.slice(Math.max(0, source.indexOf("Content-Type: text/html")));
    expect(html).not.toContain('<a href="https://evil.example">');
    expect(source).not.toMatch(/^Bcc:/im);
  });
});

describe("disabling sign-in", () => {
  it("ends the customer's sessions at once and refuses their sign-in until enabled", async () => {
    const customer = await target.signedIn(other);
    const before = await (await customer.get("/api/auth/get-session")).json();
    expect(before?.user?.email).toBe(other.email);
    const staff = await support();
    expect((await staff.postForm(page(ids.other), { intent: "disable" })).status).toBe(302);
    const after = await (await customer.get("/api/auth/get-session")).json();
    expect(after).toBeNull();
    const again = target.visitor();
    const refused = await again.postJson("/api/auth/sign-in/email", other);
    expect(refused.ok).toBe(false);
    expect(await (await staff.get(page(ids.other))).text()).toContain("Enable sign-in");
    expect((await staff.postForm(page(ids.other), { intent: "enable" })).status).toBe(302);
    // Enabled again: the page offers to disable (signing in once more would meet the per-client limit).
    expect(await (await staff.get(page(ids.other))).text()).not.toContain("Enable sign-in");
  });
});
