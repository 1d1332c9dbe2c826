import { describe, expect, it } from "vitest";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, fillSandboxBuyer, signInAsAdmin } from "../support/e2e-helpers.ts";
import { addFromGrid, openCheckout, openStorePage } from "../support/store.ts";

// Issue 31: orders were named by hashes ("#a14c5564"); people read short sequential numbers.
const e2e = setupE2E({ env: adminEnv });

describe("order numbers", () => {
  it("a paid order gets the next short number, shown to the customer and the staff; search finds it by number and by id", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Liquid Shilajit Drops", 1);
    await openCheckout(page);
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await fillSandboxBuyer(page, "Nora Number", "nora@example.com");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    const heading = await page.getByRole("heading", { name: /^Order #/ }).innerText();
    const number = Number(/^Order #(\d+)$/.exec(heading)?.[1]);
    // The demo's sample orders came first (from #1001 on); this one is the next.
    expect(number).toBeGreaterThan(1001);

    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/orders");
    const search = admin.getByRole("searchbox", { name: "Search orders" });
    await search.fill(`#${number}`);
    await admin.waitForURL(/q=/);
    // The URL changes before the filtered list renders, and this order is in the unfiltered list
    // too: wait for the list to shrink to the header and this order.
    await expect.poll(() => admin.getByRole("row").count(), { timeout: 15_000 }).toBe(2);
    const rows = admin.getByRole("row").filter({ hasText: "nora@example.com" });
    await rows.getByRole("cell", { name: `#${number}`, exact: true }).waitFor();
    await rows.getByRole("button", { name: `View order #${number}` }).click();
    const slip = admin.getByRole("dialog").getByRole("link", { name: "Print packing slip" });
    const id = (await slip.getAttribute("href"))?.match(/[0-9a-f-]{36}/)?.[0];
    expect(id).toBeTruthy();
    await admin.keyboard.press("Escape");

    // The hash id still finds it (the internal key).
    await search.fill(id!.slice(0, 8));
    await expect.poll(() => admin.url()).toContain(`q=${id!.slice(0, 8)}`);
    await admin
      .getByRole("row")
      .filter({ hasText: "nora@example.com" })
      .getByRole("cell", { name: `#${number}`, exact: true })
      .waitFor();
  });
});
