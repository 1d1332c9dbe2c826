import { describe, expect, it } from "vitest";
import {
  ids,
  matrixAdmin,
  matrixAdminEnv,
  matrixStaff,
  prepareMatrix,
} from "../support/admin-route-matrix.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * The audit log over HTTP: only roles with view:activity (Owner, Manager) read it or its CSV; no
 * request changes or removes an entry (the only action is the retention setting); and what staff
 * change never puts a password, token or hash into an entry.
 */
const target = setupTarget({ seed: "none", env: matrixAdminEnv, prepare: prepareMatrix });

const CSV = "/admin/activity/export.csv";
const csvOf = async (visitor: Visitor, query = "") => {
  const response = await visitor.get(`${CSV}${query}`);
  expect(response.status).toBe(200);
  return response.text();
};
const rowCount = (csv: string) => csv.trim().split("\r\n").length - 1;

describe("the activity log: who may read it", () => {
  it("refuses the screen, its data and its CSV to every role without view:activity", async () => {
    for (const role of ["fulfilment", "support", "marketing", "content"] as const) {
      const staff = await target.signedIn(matrixStaff[role]);
      for (const url of ["/admin/activity", "/admin/activity.data", CSV]) {
        const response = await staff.get(url);
        expect(response.status, `${role} GET ${url}`).toBe(403);
        expect(await response.text()).not.toContain(matrixAdmin.email);
      }
      const post = await staff.postForm("/admin/activity", { retentionDays: "30" });
      expect(post.status, `${role} POST`).toBe(403);
    }
    const manager = await target.signedIn(matrixStaff.manager);
    expect((await manager.get("/admin/activity")).status).toBe(200);
    expect((await manager.get(CSV)).status).toBe(200);
  });

  it("answers junk filters with the whole list, never a 500", async () => {
    const owner = await target.signedIn(matrixAdmin);
    for (const query of [
      "?from=2026-13-45",
      "?after=junk~x",
      `?actor=${"x".repeat(5000)}`,
      "?entity=%00",
      "?to=yesterday",
    ]) {
      expect((await owner.get(`/admin/activity${query}`)).status, query).toBe(200);
      expect((await owner.get(`${CSV}${query}`)).status, query).toBe(200);
    }
  });
});

describe("the activity log: append-only", () => {
  it("no method or intent on its route removes or edits an entry; the retention is validated", async () => {
    const owner = await target.signedIn(matrixAdmin);
    const saved = await owner.postForm("/admin/activity", { retentionDays: "400" });
    expect([302, 303]).toContain(saved.status);
    const before = await csvOf(owner);
    expect(rowCount(before)).toBeGreaterThan(0);
    for (const intent of ["delete", "update", "prune", "clear"]) {
      const response = await owner.postForm("/admin/activity", { intent, id: "x", actorName: "forged" });
      expect(response.status, intent).toBe(400);
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      await owner.request(method, "/admin/activity", new URLSearchParams({ intent: "delete" }));
      await owner.request(method, CSV, new URLSearchParams({ intent: "delete" }));
    }
    expect((await owner.postForm("/admin/activity", { retentionDays: "5" })).status).toBe(400);
    const after = await csvOf(owner);
    expect(after).not.toContain("forged");
    expect(rowCount(after)).toBe(rowCount(before));
    expect(after).toContain("audit-settings");
  });
});

describe("the activity log: secrets stay out", () => {
  it("records a creator's password change as changed, never its value or hash", async () => {
    const owner = await target.signedIn(matrixAdmin);
    const password = "Very-Secret-Creator-Pass-913";
    const saved = await owner.postForm("/admin/content-creators", {
      intent: "save",
      id: ids.creator,
      username: `audited${Date.now()}`,
      password,
      fullName: "Audited Creator",
      email: "",
      commissionRate: "12",
    });
    expect([302, 303]).toContain(saved.status);
    const csv = await csvOf(owner, "?entity=creator");
    expect(csv).toContain("Audited Creator");
    expect(csv).toContain("[hidden]");
    expect(csv).not.toContain(password);
    expect(csv).not.toMatch(/\$2[aby]\$|scrypt:|[0-9a-f]{64}/);
    expect(csv).toContain(matrixAdmin.email);
  });

  it("records a staff invitation without its link's token", async () => {
    const owner = await target.signedIn(matrixAdmin);
    const email = `invitee${Date.now()}@example.com`;
    const sent = await owner.postForm("/admin/staff", { email, name: "Invitee", role: "fulfilment" });
    expect([302, 303]).toContain(sent.status);
    const csv = await csvOf(owner, "?entity=staff-invitation");
    expect(csv).toContain(email);
    expect(csv).not.toMatch(/invitation\/[A-Za-z0-9_-]{20,}/);
    expect(csv).not.toMatch(/[0-9a-f]{64}/);
  });
});
