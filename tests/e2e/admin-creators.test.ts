import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, confirmDelete, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { failInsertsWhen } from "../support/page.ts";

// Creators named fail-store… cannot be stored (a database failure).
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: (db) => failInsertsWhen(db, "content_creators", "new.username like 'fail-store%'"),
});

describe("admin content creators", () => {
  it("validates, creates, edits, deactivates and deletes a content creator", async () => {
    const page = await e2e.newPage("mobile");
    await signInAsAdmin(page, "/admin/content-creators");
    await page.getByText("No content creators found").waitFor();
    await page.getByText("Total 0 content creators").waitFor();

    await page.getByRole("link", { name: "Add Content Creator" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Content Creator" });
    await dialog.getByLabel("Username").fill("ab");
    await dialog.getByLabel("Email (Optional)").fill("not-an-email");
    await dialog.getByLabel("Commission Rate (%)").fill("101");
    await dialog.getByRole("button", { name: "Create Content Creator" }).click();
    await dialog.getByText("Username must be at least 3 characters").waitFor();
    await dialog.getByText("Invalid email address").waitFor();
    await dialog.getByText("Commission rate cannot exceed 100%").waitFor();
    await expectNoSeriousA11yViolations(page, "creator form with errors");

    await dialog.getByLabel("Username").fill("fail-store-joe");
    await dialog.getByLabel("Password").fill("creator-secret");
    await dialog.getByLabel("Email (Optional)").fill("");
    await dialog.getByLabel("Commission Rate (%)").fill("5");
    await dialog.getByRole("button", { name: "Create Content Creator" }).click();
    await waitForToast(page, "injected test failure");
    expect(await dialog.getByLabel("Username").inputValue()).toBe("fail-store-joe");

    await dialog.getByLabel("Username").fill("mayastone");
    await dialog.getByLabel("Password").fill("creator-secret");
    await dialog.getByLabel("Email (Optional)").fill("maya@example.com");
    await dialog.getByLabel("Commission Rate (%)").fill("12.5");
    await dialog.getByRole("button", { name: "Create Content Creator" }).click();
    await waitForToast(page, "Content creator created successfully!");
    const row = page.getByRole("row").filter({ hasText: "mayastone" });
    await row.getByText("12.50%").waitFor();
    // Created: "Jan 05, 2024".
    const created = new Date().toLocaleDateString("en-US", {
      month: "short",
      day: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    });
    await row.getByRole("cell", { name: created, exact: true }).waitFor();
    await page.getByText("Total 1 content creators").waitFor();

    await page.getByRole("link", { name: "Edit mayastone" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Content Creator" });
    expect(await edit.getByLabel("Password").inputValue()).toBe("");
    await edit.getByLabel("Full Name (Optional)").fill("Maya Stone");
    await edit.getByRole("button", { name: "Update Content Creator" }).click();
    await waitForToast(page, "Content creator updated successfully!");
    await row.getByText("Maya Stone").waitFor();

    await page.getByRole("button", { name: "Deactivate mayastone" }).click();
    await waitForToast(page, "Content creator status updated successfully!");
    await row.getByText("Inactive").waitFor();

    await page.getByRole("button", { name: "Delete mayastone" }).click();
    await confirmDelete(
      page,
      "Are you sure you want to delete this content creator? Their coupons will be kept but unlinked from them.",
    );
    await waitForToast(page, "Content creator deleted successfully!");
    await page.getByText("No content creators found").waitFor();
    await expectNoSeriousA11yViolations(page, "creators empty");
  });

  it("creates a creator without a password and shows their set-password link to copy (no SMTP)", async () => {
    const page = await e2e.newPage("desktop");
    await signInAsAdmin(page, "/admin/content-creators");
    await page.getByRole("link", { name: "Add Content Creator" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Content Creator" });
    await dialog.getByLabel("Username").fill("invitee");
    await dialog.getByRole("button", { name: "Create Content Creator" }).click();
    await waitForToast(page, "Content creator created: copy the set-password link below");
    const link = page.getByRole("region", { name: "Set-password link" });
    const url = await link.getByLabel("Set-password link for invitee").inputValue();
    expect(url).toMatch(/\/creator\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    await page.getByRole("row").filter({ hasText: "invitee" }).waitFor();
    await expectNoSeriousA11yViolations(page, "creator link shown");
  });

  it("creates and edits a content creator without JavaScript (the dialog's form is shown in place)", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await signInAsAdmin(page, "/admin/content-creators");
      await page.getByRole("link", { name: "Add Content Creator" }).click();
      const create = page.getByRole("region", { name: "Create Content Creator" });
      await create.getByLabel("Username").fill("nojs-joe");
      await create.getByLabel("Password").fill("short");
      await create.getByRole("button", { name: "Create Content Creator" }).click();
      const again = page.getByRole("region", { name: "Create Content Creator" });
      await again.getByText("Password must be at least 6 characters").waitFor();
      expect(await again.getByLabel("Username").inputValue()).toBe("nojs-joe");
      await again.getByLabel("Password").fill("long-enough");
      await again.getByRole("button", { name: "Create Content Creator" }).click();
      await page.getByRole("row").filter({ hasText: "nojs-joe" }).waitFor();

      await page.getByRole("link", { name: "Edit nojs-joe" }).click();
      const edit = page.getByRole("region", { name: "Edit Content Creator" });
      await edit.getByLabel("Full Name (Optional)").fill("Joe Without Script");
      await edit.getByRole("button", { name: "Update Content Creator" }).click();
      await page.getByRole("row").filter({ hasText: "Joe Without Script" }).waitFor();
    } finally {
      await context.close();
    }
  });
});
