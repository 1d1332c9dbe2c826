import { describe, expect, it } from "vitest";
import { matrixAdmin, matrixAdminEnv } from "../support/admin-route-matrix.ts";
import { setupTarget } from "./support.ts";

/**
 * Issue 31: a 150% coupon made free orders, and a fixed amount of any size was accepted. The
 * admin's coupon action, attacked over HTTP as a signed-in admin, refuses both with the field named
 * and what was typed kept; nothing is stored (the list does not show the code afterwards).
 */
const target = setupTarget({ seed: "none", env: matrixAdminEnv });

const coupon = (code: string, discountType: string, discountValue: string) => ({
  intent: "save",
  code,
  discountType,
  discountValue,
  contentCreatorId: "",
  validUntil: "",
  usageLimit: "",
  minimumOrder: "",
});

describe("coupon terms posted to the admin", () => {
  it("refuse a percentage over 100 and an absurd fixed amount, with a field error, storing nothing", async () => {
    const admin = await target.signedIn(matrixAdmin);
    const attempts = [
      { fields: coupon("FREEBIE150", "percentage", "150"), message: "A percentage discount is at most 100%" },
      { fields: coupon("HUGEFIXED", "fixed", "99999999"), message: "A fixed discount is at most $1,000.00" },
      { fields: coupon("JUSTOVER", "fixed", "1000.01"), message: "A fixed discount is at most $1,000.00" },
    ];
    for (const { fields, message } of attempts) {
      const response = await admin.postForm("/admin/coupons", fields);
      expect(response.status, fields.code).toBe(400);
      const body = await response.text();
      expect(body, fields.code).toContain(`Discount Value: ${message}`);
      // What was typed comes back to the form, to be corrected.
      expect(body, fields.code).toContain(fields.code);
    }
    const list = await (await admin.get("/admin/coupons")).text();
    for (const code of ["FREEBIE150", "HUGEFIXED", "JUSTOVER"]) expect(list).not.toContain(code);
  });

  it("still stores a coupon at the limits (100% and $1,000), so the refusals above are the limits'", async () => {
    const admin = await target.signedIn(matrixAdmin);
    for (const fields of [coupon("ALLOFF100", "percentage", "100"), coupon("BIGFIXED", "fixed", "1000")]) {
      const response = await admin.postForm("/admin/coupons", fields);
      expect(response.status, fields.code).toBe(302);
    }
    const list = await (await admin.get("/admin/coupons")).text();
    expect(list).toContain("ALLOFF100");
    expect(list).toContain("BIGFIXED");
  });
});
