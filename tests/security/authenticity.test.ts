import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serialFromRandom } from "../../core/catalog/serial-code.ts";
import { serials } from "../../server/db/schema/index.ts";
import { generateSerials } from "../../server/validity/serials.ts";
import { createBatch, createUser } from "../factories/index.ts";
import { setupTarget, startOfRateWindow } from "./support.ts";

/**
 * Authenticity over plain HTTP: the batch screens refuse anyone but an admin, a huge generation is
 * refused with a message, and serials cannot be enumerated (60 random bits each, lookups still rate
 * limited per client address).
 */
const admin = { email: "batches-owner@example.com", password: "batches-owner-password-1" };
const customer = { email: "batches-customer@example.com", password: "batches-customer-password-1" };
const ids = { batch: "", serial: "" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, TRUST_PROXY: "true" },
  prepare: async (db) => {
    await createUser(db, customer);
    ids.batch = (await createBatch(db, { batchNumber: "SEC-BATCH-1" })).id;
    await generateSerials(db, ids.batch, 3);
    ids.serial = (await db.select().from(serials).where(eq(serials.batchId, ids.batch)))[0]!.code;
  },
});

const from = (n: number) => ({ headers: { "X-Forwarded-For": `198.51.100.${n}` } });

describe("authenticity admin routes", () => {
  it("refuse visitors and customers: no batch data, no serials, no generation", async () => {
    const paths = [
      "/admin/batches",
      `/admin/batches/${ids.batch}`,
      `/admin/batches/${ids.batch}/serials.csv`,
    ];
    for (const visitor of [target.visitor(), await target.signedIn(customer)]) {
      for (const path of paths) {
        const response = await visitor.get(path);
        expect(response.status, path).not.toBe(200);
        expect(await response.text(), path).not.toContain(ids.serial);
      }
      const post = await visitor.postForm(`/admin/batches/${ids.batch}`, { intent: "generate", count: "5" });
      // Refused: an error status or a redirect to the sign-in, never the batch page's answer.
      expect(post.status).not.toBe(200);
      expect(post.headers.get("location") ?? "").not.toContain("/admin/batches");
    }
  });

  it("refuses generating 1,000,000 serials with a message, and adds none", async () => {
    const owner = await target.signedIn(admin);
    const response = await owner.postForm(`/admin/batches/${ids.batch}`, {
      intent: "generate",
      count: "1000000",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Generate at most 10,000 serials at once");
    // The CSV still holds the 3 serials made before: the refused requests added none.
    const csv = await owner.get(`/admin/batches/${ids.batch}/serials.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).trim().split("\r\n")).toHaveLength(4);
  });
});

describe("serial lookups", () => {
  it("answer a guessed serial as not genuine and keep the per-client rate limit", async () => {
    const guesser = target.visitor();
    await startOfRateWindow();
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess++) {
      // Well-formed guesses (the check character passes): only the 60 random bits stand in the way.
      const code = serialFromRandom(new Uint8Array(12).fill(guess + 1));
      const response = await guesser.postForm("/validity", { code }, from(7));
      statuses.push(response.status);
      const text = await response.text();
      if (response.status === 200) expect(text).toContain("INVALID");
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the real serial is not looked up from that address now.
    expect((await guesser.postForm("/validity", { code: ids.serial }, from(7))).status).toBe(429);
  });

  it("says first verification (the refused lookup did not count), then warns on the next", async () => {
    const first = await target.visitor().postForm("/validity", { code: ids.serial }, from(21));
    expect(await first.text()).toContain("First verification — genuine");
    const second = await target.visitor().postForm("/validity", { code: ids.serial }, from(22));
    expect(await second.text()).toContain(
      "If you did not verify this before, this code may have been copied",
    );
  });
});
