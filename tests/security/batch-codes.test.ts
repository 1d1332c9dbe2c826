import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatSerial } from "../../core/catalog/serial-code.ts";
import { serials } from "../../server/db/schema/index.ts";
import { generateSerials } from "../../server/validity/serials.ts";
import { createBatch, createUser, createValidityCode } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * The batch page's list-code and serial actions over plain HTTP (docs/validity.md): nobody but
 * an admin attaches, detaches, unflags or deletes; an oversized paste is refused with a message
 * (or 413 above the form limit); a code is never taken from another batch; a verified serial is
 * never deleted; ids of another batch's serials change nothing; junk is a 400, never a 500.
 */
const admin = { email: "codes-owner@example.com", password: "codes-owner-password-1" };
const customer = { email: "codes-customer@example.com", password: "codes-customer-password-1" };
const ids = { batch: "", other: "", verified: "", flaggedElsewhere: "" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    await createUser(db, customer);
    ids.batch = (await createBatch(db, { batchNumber: "SEC-CODES-1" })).id;
    ids.other = (await createBatch(db, { batchNumber: "SEC-CODES-2" })).id;
    await createValidityCode(db, { code: "SECFREE" });
    await createValidityCode(db, { code: "SECTAKEN", batchId: ids.other });
    await generateSerials(db, ids.batch, 2);
    await generateSerials(db, ids.other, 1);
    const [mine] = await db.select().from(serials).where(eq(serials.batchId, ids.batch)).limit(1);
    await db.update(serials).set({ firstVerifiedAt: new Date() }).where(eq(serials.id, mine!.id));
    ids.verified = mine!.code;
    const [theirs] = await db.select().from(serials).where(eq(serials.batchId, ids.other));
    await db.update(serials).set({ flaggedAt: new Date() }).where(eq(serials.id, theirs!.id));
    ids.flaggedElsewhere = theirs!.id;
  },
});

const page = (id: string) => `/admin/batches/${id}`;

describe("batch list codes and serial clean-up", () => {
  it("refuse visitors and customers for every intent", async () => {
    const attempts: Record<string, string>[] = [
      { intent: "attach", pasted: "SECFREE" },
      { intent: "detach", code: "SECTAKEN" },
      { intent: "unflag", id: ids.flaggedElsewhere, note: "mine now" },
      { intent: "deleteSerial", serial: ids.verified },
      { intent: "deleteUnverified" },
    ];
    for (const visitor of [target.visitor(), await target.signedIn(customer)]) {
      for (const fields of attempts) {
        const response = await visitor.postForm(page(ids.batch), fields);
        expect(response.status, fields.intent).not.toBe(200);
        expect(response.headers.get("location") ?? "", fields.intent).not.toContain("/admin/batches");
      }
    }
    const owner = await target.signedIn(admin);
    const html = await (await owner.get(page(ids.batch))).text();
    expect(html).toContain("0 attached");
    expect(html).toContain("2 serials");
  });

  it("refuses 5,001 pasted codes with a message and keeps the paste; 2 MB is refused before reading", async () => {
    const owner = await target.signedIn(admin);
    const pasted = Array.from({ length: 5001 }, (_, i) => `P${i}`).join("\n");
    const refused = await owner.postForm(page(ids.batch), { intent: "attach", pasted });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain("Attach at most 5,000 codes at once");
    expect(text).toContain("P5000");
    const huge = await owner
      .postForm(page(ids.batch), { intent: "attach", pasted: "x".repeat(2 * 1024 * 1024) })
      .catch((error: Error) => error);
    if (huge instanceof Error) expect(huge.message).toMatch(/fetch failed|socket|reset|closed/i);
    else expect(huge.status).toBe(413);
  });

  it("never takes a code from another batch, and detaches only its own", async () => {
    const owner = await target.signedIn(admin);
    const attach = await owner.postForm(page(ids.batch), { intent: "attach", pasted: "SECTAKEN\nSECFREE" });
    expect(attach.status).toBe(302);
    const detach = await owner.postForm(page(ids.batch), { intent: "detach", code: "SECTAKEN" });
    expect(detach.status).toBe(302);
    expect(await (await owner.get(page(ids.other))).text()).toContain("SECTAKEN");
    expect(await (await owner.get(page(ids.batch))).text()).toContain("1 attached");
  });

  it("keeps a verified serial, and cannot unflag another batch's serial through this one", async () => {
    const owner = await target.signedIn(admin);
    const kept = await owner.postForm(page(ids.batch), {
      intent: "deleteSerial",
      serial: formatSerial(ids.verified),
    });
    expect(kept.status).toBe(409);
    expect(await kept.text()).toContain("verified serials are evidence and cannot be deleted");
    const unflag = await owner.postForm(page(ids.batch), {
      intent: "unflag",
      id: ids.flaggedElsewhere,
      note: "not a copy",
    });
    expect(unflag.status).toBe(409);
    expect(await (await owner.get(page(ids.other))).text()).not.toContain("No flagged serials.");
  });

  it("answers junk with 400 or 404, never 500", async () => {
    const owner = await target.signedIn(admin);
    const junk: Record<string, string>[] = [
      { intent: "attach", pasted: "" },
      { intent: "attach", pasted: "y".repeat(101) },
      { intent: "unflag", id: "not-a-uuid", note: "x" },
      { intent: "unflag", id: ids.flaggedElsewhere, note: "" },
      { intent: "deleteSerial", serial: "" },
      { intent: "deleteSerial", serial: "'; drop table serials; --" },
    ];
    for (const fields of junk) {
      const response = await owner.postForm(page(ids.batch), fields);
      expect([400, 404], JSON.stringify(fields).slice(0, 60)).toContain(response.status);
    }
    for (const intent of ["attach", "deleteUnverified"]) {
      const ghost = await owner.postForm(page("00000000-0000-4000-8000-000000000000"), {
        intent,
        pasted: "SECFREE",
      });
      expect(ghost.status, intent).toBe(404);
    }
  });
});
