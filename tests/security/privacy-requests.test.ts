import { beforeAll, describe, expect, it } from "vitest";
import { saveAddress } from "../../server/accounts/addresses.ts";
import { createOrder, createUser } from "../factories/index.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * Privacy requests (/account/privacy, /admin/privacy) attacked over HTTP: without a session,
 * without the password, from another site, by a customer on the admin routes, in a loop; and the
 * export never holds another customer's data.
 */
const owner = { email: "olive.owner@example.com", password: "olive-password-123", name: "Olive Ownerton" };
const other = { email: "otto.other@example.com", password: "otto-password-123", name: "Otto Otherwise" };
const guesser = { email: "gus.guesser@example.com", password: "gus-password-123", name: "Gus Guesser" };
const admin = { email: "privacy-admin@example.com", password: "privacy-admin-pass-1" };
const orderIds = { owner: "", other: "" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    for (const person of [owner, other, guesser]) {
      const account = await createUser(db, person);
      const order = await createOrder(db, {
        paymentStatus: "paid",
        userId: account.id,
        name: person.name,
        email: person.email,
        totalCents: 4321,
        subtotalCents: 4321,
      });
      if (person === owner) orderIds.owner = order.id;
      if (person === other) orderIds.other = order.id;
      await saveAddress(db, account.id, {
        name: person.name,
        phone: "555-0100",
        line1: `1 ${person.name} Street`,
        line2: "",
        city: "Austin",
        state: "TX",
        postalCode: "78701",
        country: "US",
      });
    }
  },
});

const PAGE = "/account/privacy";
const EXPORT = "/account/privacy/export";
const EVIL = "https://evil.example";

/** One signed-in visitor per customer for the whole file (sign-ins per client are rate limited too). */
const as = {} as Record<"owner" | "other" | "guesser", Visitor>;
beforeAll(async () => {
  as.owner = await target.signedIn(owner);
  as.other = await target.signedIn(other);
  as.guesser = await target.signedIn(guesser);
});

/** The account and its session are still there (an erasure ends every session). */
async function stillThere(visitor: Visitor, email: string) {
  const session = await (await visitor.get("/api/auth/get-session")).json();
  return session?.user?.email === email;
}

async function signsIn(person: { email: string; password: string }) {
  const response = await target.visitor().postJson("/api/auth/sign-in/email", person);
  return response.status === 200;
}

const locationOf = (response: Response) => new URL(response.headers.get("location") ?? "", target.app.url);

describe("privacy requests without a session", () => {
  it("sends the page, the export and the deletion to sign-in, and gives nothing away", async () => {
    const visitor = target.visitor();
    for (const [method, path, fields] of [
      ["GET", PAGE, {}],
      ["POST", EXPORT, { password: owner.password }],
      ["POST", PAGE, { password: owner.password, confirm: "on" }],
    ] as const) {
      const response =
        method === "GET"
          ? await visitor.get(path)
          : await visitor.postForm(path, fields as Record<string, string>);
      expect(response.status, path).toBe(302);
      expect(locationOf(response).pathname, path).toBe("/auth");
      expect(await response.text()).not.toContain(owner.email);
    }
    expect(await stillThere(as.owner, owner.email)).toBe(true);
  });
});

describe("the password", () => {
  it("is required for the export: a missing or wrong one downloads nothing", async () => {
    const visitor = as.owner;
    for (const [password, code] of [
      ["", "invalid"],
      ["not-my-password", "password"],
    ]) {
      const response = await visitor.postForm(EXPORT, { password: password! });
      expect(response.status).toBe(302);
      expect(locationOf(response).search).toBe(`?export=${code}`);
      expect(response.headers.get("content-disposition")).toBeNull();
    }
    const page = await visitor.get(`${PAGE}?export=password`);
    expect(await page.text()).toContain("Your password is not correct.");
  });

  it("is required for the deletion, and so is the confirmation; the account stays", async () => {
    const visitor = as.owner;
    const wrong = await visitor.postForm(PAGE, { password: "not-my-password", confirm: "on" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your password is not correct.");
    const unconfirmed = await visitor.postForm(PAGE, { password: owner.password });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Please confirm that you want your account and data deleted.");
    const huge = await visitor.postForm(PAGE, { password: "x".repeat(2_000_000), confirm: "on" });
    expect([400, 413]).toContain(huge.status);
    expect(await stillThere(as.owner, owner.email)).toBe(true);
  });

  it("cannot be guessed in a loop: the sixth try in 15 minutes is refused, even with the right password", async () => {
    const visitor = as.guesser;
    for (let i = 0; i < 5; i++) await visitor.postForm(PAGE, { password: `guess-${i}`, confirm: "on" });
    const limited = await visitor.postForm(PAGE, { password: guesser.password, confirm: "on" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    const exported = await visitor.postForm(EXPORT, { password: guesser.password });
    expect(locationOf(exported).search).toBe("?export=limited");
    expect(await stillThere(as.guesser, guesser.email)).toBe(true);
  });
});

describe("cross-site requests", () => {
  it("refuses the export and the deletion posted from another site (403), with the right password", async () => {
    const visitor = as.other;
    const exported = await visitor.postForm(EXPORT, { password: other.password }, { origin: EVIL });
    expect(exported.status).toBe(403);
    expect(await exported.text()).not.toContain(other.email);
    const deleted = await visitor.postForm(
      PAGE,
      { password: other.password, confirm: "on" },
      { origin: EVIL },
    );
    expect(deleted.status).toBe(403);
    expect(await stillThere(as.other, other.email)).toBe(true);
  });
});

describe("the export", () => {
  it("holds the customer's own data and never another customer's", async () => {
    const visitor = as.owner;
    const response = await visitor.postForm(EXPORT, { password: owner.password });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-.*\.json"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.account.email).toBe(owner.email);
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual([orderIds.owner]);
    for (const foreign of [other.email, other.name, orderIds.other, guesser.email])
      expect(text).not.toContain(foreign);
  });
});

describe("the admin routes", () => {
  it("refuse an anonymous visitor and a customer: no lookup, no download, no deletion", async () => {
    for (const visitor of [target.visitor(), as.guesser]) {
      const lookup = await visitor.postForm("/admin/privacy", { intent: "find", email: other.email });
      const download = await visitor.postForm("/admin/privacy/export", { email: other.email });
      const erase = await visitor.postForm("/admin/privacy", {
        intent: "erase",
        email: other.email,
        confirm: "DELETE",
      });
      for (const response of [lookup, download, erase]) {
        expect([302, 303]).toContain(response.status);
        expect(locationOf(response).pathname).toBe("/admin/login");
        expect(response.headers.get("content-disposition")).toBeNull();
        expect(await response.text()).not.toContain(orderIds.other);
      }
    }
    expect(await stillThere(as.other, other.email)).toBe(true);
  });

  it("an admin needs the typed confirmation; then the account is gone and its order stays anonymised", async () => {
    const office = await target.signedIn(admin);
    const unconfirmed = await office.postForm("/admin/privacy", {
      intent: "erase",
      email: other.email,
      confirm: "yes",
    });
    expect(unconfirmed.status).toBe(400);
    expect(await stillThere(as.other, other.email)).toBe(true);
    const erased = await office.postForm("/admin/privacy", {
      intent: "erase",
      email: other.email,
      confirm: "DELETE",
    });
    expect(erased.status).toBe(302);
    expect(await stillThere(as.other, other.email)).toBe(false);
    expect(await signsIn(other)).toBe(false);
    const twice = await office.postForm("/admin/privacy", {
      intent: "erase",
      email: other.email,
      confirm: "DELETE",
    });
    expect(twice.status).toBe(404);
    const log = await (await office.get("/admin/privacy")).text();
    expect(log).toContain("Deletion");
    expect(log).not.toContain(other.email);
  });
});

describe("deleting one's own account", () => {
  it("erases it, ends the session and the password no longer signs in", async () => {
    const visitor = as.owner;
    const response = await visitor.postForm(PAGE, { password: owner.password, confirm: "on" });
    expect(response.status).toBe(302);
    expect(locationOf(response).pathname).toBe("/");
    const session = await visitor.get("/api/auth/get-session");
    expect(await session.json()).toBeNull();
    expect(await signsIn(owner)).toBe(false);
  });
});
