import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { couponUsages } from "../../server/db/schema/index.ts";
import { createContentCreator, createCoupon, createOrder } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, confirmDelete, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { failInsertsWhen } from "../support/page.ts";

let usedOrderId = "";

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    // Coupons coded FAILSTORE… cannot be stored (a database failure).
    await failInsertsWhen(db, "coupons", "new.code like 'FAILSTORE%'");
    await createContentCreator(db, { username: "maya", fullName: "Maya Stone" });
    const coupon = await createCoupon(db, { code: "USED10" });
    const order = await createOrder(db, { paymentStatus: "paid", email: "buyer@example.com" });
    usedOrderId = order.id;
    await db.insert(couponUsages).values({
      couponId: coupon.id,
      orderId: order.id,
      userEmail: "buyer@example.com",
      discountCents: 599,
      usedAt: new Date("2026-03-04T15:06:00Z"),
    });
  },
});

const openCoupons = (page: Page) => signInAsAdmin(page, "/admin/coupons");
const row = (page: Page, code: string) => page.getByRole("row").filter({ hasText: code });

describe("admin coupons", () => {
  it("shows a coupon's usage details", async () => {
    const page = await e2e.newPage();
    await openCoupons(page);
    await page.getByRole("link", { name: "View usage of USED10" }).click();
    const dialog = page.getByRole("dialog", { name: /Coupon Usage Details/ });
    await dialog.getByRole("cell", { name: "buyer@example.com" }).waitFor();
    // The order by its number, linked to its page.
    const orderLink = dialog
      .getByRole("row")
      .nth(1)
      .getByRole("link", { name: /^#\d{4,}$/ });
    expect(await orderLink.getAttribute("href")).toBe(`/admin/orders/${usedOrderId}`);
    expect(await dialog.getByRole("row").nth(1).innerText()).toContain("$5.99");
    expect(await dialog.getByRole("row").nth(1).innerText()).toContain("Mar 04, 2026 15:06");
    await expectNoSeriousA11yViolations(page, "coupon usage");
  });

  it("validates, creates, refuses a duplicate, edits, toggles and deletes coupons", async () => {
    const page = await e2e.newPage("mobile");
    await openCoupons(page);
    await page.getByRole("link", { name: "Create Coupon" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Coupon" });
    await dialog.getByLabel("Coupon Code").fill("ab");
    await dialog.getByLabel("Discount Value").fill("0");
    await dialog.getByLabel("Total Usage Limit (Optional)").fill("0");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await dialog.getByText("Code must be at least 3 characters").waitFor();
    await dialog.getByText("Discount value must be greater than 0").waitFor();
    await dialog.getByText("Usage limit must be at least 1").waitFor();
    expect(await dialog.getByLabel("Coupon Code").inputValue()).toBe("AB");
    await expectNoSeriousA11yViolations(page, "coupon form with errors");

    await dialog.getByLabel("Coupon Code").fill("used10");
    await dialog.getByLabel("Discount Value").fill("15");
    await dialog.getByLabel("Total Usage Limit (Optional)").fill("");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await dialog.getByText("A coupon with the code USED10 already exists").waitFor();

    // A database failure: the server's message, and the dialog keeps what was typed.
    await dialog.getByLabel("Coupon Code").fill("failstore1");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await waitForToast(page, "injected test failure");
    expect(
      await page.getByRole("dialog", { name: "Create New Coupon" }).getByLabel("Coupon Code").inputValue(),
    ).toBe("FAILSTORE1");

    await dialog.getByLabel("Coupon Code").fill("spring15");
    await dialog.getByLabel("Content Creator (Optional)").selectOption({ label: "Maya Stone (@maya)" });
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await waitForToast(page, "Coupon created successfully!");
    await row(page, "SPRING15").getByText("Maya Stone").waitFor();
    expect(await row(page, "SPRING15").innerText()).toContain("15%");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain("(2)");

    await page.getByRole("link", { name: "Edit SPRING15" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Coupon" });
    expect(await edit.getByLabel("Discount Value").inputValue()).toBe("15.00");
    await edit.getByLabel("Discount Type").selectOption("fixed");
    await edit.getByLabel("Discount Value").fill("7.5");
    await edit.getByRole("button", { name: "Update Coupon" }).click();
    await waitForToast(page, "Coupon updated successfully!");
    await row(page, "SPRING15").getByText("$7.50").waitFor();

    await page.getByRole("button", { name: "Disable SPRING15" }).click();
    await waitForToast(page, "Coupon status updated successfully!");
    await row(page, "SPRING15").getByText("Inactive").waitFor();
    await page.getByRole("button", { name: "Hide SPRING15 on the storefront" }).click();
    await waitForToast(page, "Coupon visibility updated successfully!");
    await row(page, "SPRING15").getByText("Hidden").waitFor();
    await page.getByRole("button", { name: "Enable SPRING15" }).click();
    await row(page, "SPRING15").getByText("Active", { exact: true }).waitFor();

    for (const code of ["SPRING15", "USED10"]) {
      await page.getByRole("button", { name: `Delete ${code}` }).click();
      await confirmDelete(page, "Are you sure you want to delete this coupon?");
      await waitForToast(page, "Coupon deleted successfully!");
      await row(page, code).waitFor({ state: "detached" });
    }
    await page.getByText("No coupons found").waitFor();
    await expectNoSeriousA11yViolations(page, "coupons empty");
  });

  it("bounds the discount, names the wrong field, warns of free orders and sets a minimum and once per customer", async () => {
    const page = await e2e.newPage();
    await openCoupons(page);
    await page.getByRole("link", { name: "Create Coupon" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Coupon" });
    await dialog.getByLabel("Coupon Code").fill("HALFOFF");
    await dialog.getByLabel("Discount Value").fill("150");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await waitForToast(page, "Discount Value: A percentage discount is at most 100%");
    await dialog.getByText("A percentage discount is at most 100%").waitFor();

    await dialog.getByLabel("Discount Value").fill("100");
    await dialog.getByText("At 100% off, every order with this coupon is free.").waitFor();
    await dialog.getByLabel("Discount Type").selectOption("fixed");
    await dialog.getByLabel("Discount Value").fill("5000");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await waitForToast(page, "Discount Value: A fixed discount is at most $1,000.00");

    await dialog.getByLabel("Discount Value").fill("20");
    await dialog.getByText("Orders of $20.00 or less will be free").waitFor();
    await dialog.getByLabel("Minimum Order Amount (Optional)").fill("50");
    await dialog.getByText("Orders of $20.00 or less will be free").waitFor({ state: "detached" });
    await dialog.getByRole("switch", { name: /Once per customer/ }).check();
    await expectNoSeriousA11yViolations(page, "coupon form with a minimum");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await waitForToast(page, "Coupon created successfully!");
    expect(await row(page, "HALFOFF").innerText()).toContain("min. $50.00 · once per customer");

    await page.getByRole("link", { name: "Edit HALFOFF" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Coupon" });
    expect(await edit.getByLabel("Minimum Order Amount (Optional)").inputValue()).toBe("50.00");
    expect(await edit.getByRole("switch", { name: /Once per customer/ }).isChecked()).toBe(true);
  });

  it("creates and edits a coupon without JavaScript (the dialog's form is shown in place)", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await openCoupons(page);
      await page.getByRole("link", { name: "Create Coupon" }).click();
      const create = page.getByRole("region", { name: "Create New Coupon" });
      await create.getByLabel("Coupon Code").fill("NOJS5");
      await create.getByLabel("Discount Value").fill("5");
      await create.getByRole("button", { name: "Create Coupon" }).click();
      await row(page, "NOJS5").getByText("5%").waitFor();

      await page.getByRole("link", { name: "Edit NOJS5" }).click();
      const edit = page.getByRole("region", { name: "Edit Coupon" });
      await edit.getByLabel("Discount Value").fill("0");
      await edit.getByRole("button", { name: "Update Coupon" }).click();
      await page
        .getByRole("region", { name: "Edit Coupon" })
        .getByText("Discount value must be greater than 0")
        .waitFor();
      await page.getByRole("region", { name: "Edit Coupon" }).getByLabel("Discount Value").fill("6");
      await page
        .getByRole("region", { name: "Edit Coupon" })
        .getByRole("button", { name: "Update Coupon" })
        .click();
      await row(page, "NOJS5").getByText("6%").waitFor();
      expect(await page.getByRole("region", { name: "Edit Coupon" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
