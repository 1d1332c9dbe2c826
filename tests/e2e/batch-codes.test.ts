import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatSerial } from "../../core/catalog/serial-code.ts";
import { serials } from "../../server/db/schema/index.ts";
import { generateSerials } from "../../server/validity/serials.ts";
import { createBatch, createValidityCode } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, confirmDelete, signInAsAdmin, toast, waitForToast } from "../support/e2e-helpers.ts";
import { waitForHydration } from "../support/page.ts";

/**
 * The batch page's list codes and serial clean-up (docs/validity.md): the admin attaches old
 * lid codes to a batch (pasted and ticked), a customer's lookup of one then shows the batch and
 * its certificate; a verified serial cannot be deleted, the unverified ones go after a confirmation.
 */
const ids = { batch: "", verified: "" };
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const batch = await createBatch(db, { batchNumber: "LIDS-2026-04", coaUrl: "/uploads/lids-coa.pdf" });
    ids.batch = batch.id;
    for (const code of ["LID100", "LID200", "LID300"]) await createValidityCode(db, { code });
    const other = await createBatch(db, { batchNumber: "OTHER-1" });
    await createValidityCode(db, { code: "LID900", batchId: other.id });
    await generateSerials(db, batch.id, 3);
    const [first] = await db.select().from(serials).where(eq(serials.batchId, batch.id)).limit(1);
    await db.update(serials).set({ firstVerifiedAt: new Date() }).where(eq(serials.id, first!.id));
    ids.verified = first!.code;
  },
});

describe("list codes and serials on the batch page", () => {
  it("attaches pasted and ticked codes, reports the rest, and a lookup shows the batch", async () => {
    const admin = await e2e.newPage();
    await signInAsAdmin(admin, `/admin/batches/${ids.batch}`);
    await waitForHydration(admin);
    await admin.getByLabel("Codes to attach").fill("lid-100\nLid-900\nNOT-A-CODE");
    await admin.getByRole("checkbox", { name: "LID200" }).check();
    await admin.getByRole("button", { name: "Attach Codes" }).click();
    await waitForToast(admin, "2 attached, 1 already in another batch (left there), 1 unknown");
    await admin.getByText("2 attached. A valid lookup of an attached code shows this batch.").waitFor();
    expect(await admin.getByRole("group", { name: "Attached codes" }).innerText()).toContain("LID200");

    const customer = await e2e.newPage();
    await customer.goto("/validity");
    await waitForHydration(customer);
    await customer.getByRole("textbox", { name: "Batch Number" }).fill("LID-100");
    await customer.getByRole("button", { name: "Verify Product" }).click();
    const result = customer.getByRole("status");
    await result.getByText("LIDS-2026-04").waitFor();
    expect(await result.getByRole("link", { name: /Certificate of analysis/ }).getAttribute("href")).toBe(
      "/uploads/lids-coa.pdf",
    );
  });

  it("keeps a verified serial and deletes the unverified ones after a confirmation", async () => {
    const admin = await e2e.newPage();
    await signInAsAdmin(admin, `/admin/batches/${ids.batch}`);
    await waitForHydration(admin);
    await admin.getByLabel("Delete a serial").fill(formatSerial(ids.verified));
    await admin.getByRole("button", { name: "Delete Serial" }).click();
    await waitForToast(admin, "Serial kept");
    await toast(admin, "Serial kept")
      .getByText(/verified serials are evidence and cannot be deleted/)
      .waitFor();

    await admin.getByRole("button", { name: "Delete Unverified Serials" }).click();
    await confirmDelete(admin, "Delete every serial of this batch that was never verified?");
    await waitForToast(admin, "2 unverified serials deleted");
    await admin.getByText("1 serials").first().waitFor();
  });
});
