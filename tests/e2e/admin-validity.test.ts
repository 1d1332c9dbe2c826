import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, confirmDelete, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { failInsertsWhen, waitForHydration } from "../support/page.ts";

// Codes containing FAILSTORE (stored normalized) cannot be stored (a database failure).
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: (db) => failInsertsWhen(db, "validity_codes", "new.code like '%FAILSTORE%'"),
});

describe("admin validity codes", () => {
  it("adds codes (one and in bulk), which verify on /validity and show in the lookup log, and deletes them", async () => {
    const page = await e2e.newPage("mobile");
    await signInAsAdmin(page, "/admin/validity");
    await page.getByText("No validity codes found").waitFor();
    await expectNoSeriousA11yViolations(page, "validity codes empty");

    const code = page.getByRole("textbox", { name: "Code", exact: true });
    const add = page.getByRole("button", { name: "Add Code" });
    await code.fill("   ");
    await add.click();
    await page.getByRole("main").getByText("Please enter a code").first().waitFor();

    // A database failure: the server's message, and the code stays typed.
    await code.fill("FAIL-STORE-1");
    await add.click();
    await waitForToast(page, "injected test failure");
    expect(await code.inputValue()).toBe("FAIL-STORE-1");

    // Characters outside letters, digits, spaces and dashes are refused; what was typed stays.
    // (The emoji and other refusals are covered in server/validity/admin-validity.test.ts.)
    await code.fill("<script>x</script>");
    await add.click();
    await waitForToast(page, "A code may only hold letters A–Z, digits, spaces and dashes");
    expect(await code.inputValue()).toBe("<script>x</script>");

    // Stored normalized: upper case, no spaces or dashes, so lot-2026 and LOT 2026 are one code.
    await code.fill("  lot-2026 ");
    await add.click();
    await waitForToast(page, "Validity code added successfully");
    await page.getByRole("cell", { name: "LOT2026", exact: true }).waitFor();

    await code.fill("LOT 2026");
    await add.click();
    await page.getByRole("main").getByText("The code LOT2026 already exists").waitFor();
    expect(await code.inputValue()).toBe("LOT 2026");

    await page.getByRole("textbox", { name: "Codes" }).fill("BULK-A\nBULK-B, LOT-2026");
    await page.getByRole("button", { name: "Add All Codes" }).click();
    await waitForToast(page, "2 validity codes added");
    await page.getByRole("cell", { name: "BULKB", exact: true }).waitFor();

    // The storefront sees the new code right away, and the lookup lands in the log.
    const shop = await e2e.newPage();
    await shop.goto("/validity");
    await waitForHydration(shop);
    await shop.getByRole("textbox", { name: "Batch Number" }).fill("Lot-2026");
    await shop.getByRole("button", { name: "Verify Product" }).click();
    await shop.getByRole("status").getByText("VALID", { exact: true }).waitFor();

    await page.reload();
    const lookups = page.getByRole("region", { name: "Recent Lookups" });
    await lookups.getByRole("row").filter({ hasText: "Lot-2026" }).getByText("Valid").waitFor();

    await page.getByRole("button", { name: "Delete BULKA" }).click();
    await confirmDelete(page, "Are you sure you want to delete this validity code?");
    await waitForToast(page, "Validity code deleted successfully");
    await page.getByRole("cell", { name: "BULKA", exact: true }).waitFor({ state: "detached" });
    await expectNoSeriousA11yViolations(page, "validity codes");
  });
});
