import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, confirmDelete, signInAsAdmin, toast, waitForToast } from "../support/e2e-helpers.ts";
import { failInsertsWhen } from "../support/page.ts";

// Partners named FAIL-STORE… cannot be stored (a database failure).
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: (db) => failInsertsWhen(db, "partners", "new.name like 'FAIL-STORE%'"),
});

describe("admin partners", () => {
  it("validates, creates, edits, deactivates and deletes a partner, as the home page shows", async () => {
    const page = await e2e.newPage("mobile");
    await signInAsAdmin(page, "/admin/partners");
    await page.getByRole("heading", { name: "Partners Management" }).waitFor();
    await page.getByText("No partners found.").waitFor();
    await expectNoSeriousA11yViolations(page, "partners empty");

    await page.getByRole("link", { name: "Add Partner" }).click();
    await page.getByRole("heading", { name: "Add New Partner" }).waitFor();
    const save = page.getByRole("button", { name: "Add Partner" });
    const main = page.getByRole("main");
    const website = page.getByLabel("Website URL (Optional)");

    await website.fill("javascript:alert(1)");
    await save.click();
    await waitForToast(page, "Failed to save partner");
    await main.getByText("Name is required").waitFor();
    await main.getByText("Website URL must start with http:// or https://").waitFor();
    expect(await website.inputValue()).toBe("javascript:alert(1)");
    await expectNoSeriousA11yViolations(page, "partner form with errors");

    await page.getByLabel("Name", { exact: true }).fill("Summit Wellness");
    await website.fill("ftp://summit.example.com");
    await save.click();
    // This answer has a name, so its message is gone; the website is still refused.
    await main.getByText("Name is required").waitFor({ state: "detached" });
    await main.getByText("Website URL must start with http:// or https://").waitFor();
    expect(await website.inputValue()).toBe("ftp://summit.example.com");

    // The website is free text: an address without https:// gets it.
    await website.fill("summit.example.com/");
    await page.getByLabel("Description (Optional)").fill("Independent wellness store in Denver.");
    // A database failure: 'Failed to save partner' with the server's message; what was typed stays.
    await page.getByLabel("Name", { exact: true }).fill("FAIL-STORE Wellness");
    await save.click();
    const failed = toast(page, "Failed to save partner");
    await failed.getByText("injected test failure").waitFor();
    expect(await website.inputValue()).toBe("summit.example.com/");
    await page.getByLabel("Name", { exact: true }).fill("Summit Wellness");
    await save.click();
    await waitForToast(page, "Partner created successfully");

    const card = page.getByRole("article", { name: "Summit Wellness" });
    await card.getByText("Independent wellness store in Denver.").waitFor();
    await card.getByText("Active", { exact: true }).waitFor();
    const visit = card.getByRole("link", { name: /Visit Website/ });
    expect(await visit.getAttribute("href")).toBe("https://summit.example.com/");
    expect(await visit.getAttribute("target")).toBe("_blank");
    expect(await visit.getAttribute("rel")).toBe("noopener noreferrer");
    await expectNoSeriousA11yViolations(page, "partners grid");

    const shop = await e2e.newPage();
    await shop.goto("/");
    await shop
      .getByRole("region", { name: "Our Partners" })
      .getByRole("heading", { name: "Summit Wellness" })
      .waitFor();

    await page.getByRole("link", { name: "Edit Summit Wellness" }).click();
    await page.getByRole("heading", { name: "Edit Partner" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Summit Co-op");
    await page.getByRole("switch", { name: "Active" }).uncheck();
    await page.getByRole("button", { name: "Update Partner" }).click();
    await waitForToast(page, "Partner updated successfully");
    const edited = page.getByRole("article", { name: "Summit Co-op" });
    await edited.getByText("Inactive", { exact: true }).waitFor();

    await shop.reload();
    expect(await shop.getByRole("region", { name: "Our Partners" }).count()).toBe(0);

    await page.getByRole("button", { name: "Delete Summit Co-op" }).click();
    await confirmDelete(page, "Are you sure you want to delete this partner?");
    await waitForToast(page, "Partner deleted successfully");
    await page.getByText("No partners found.").waitFor();
  });
});
