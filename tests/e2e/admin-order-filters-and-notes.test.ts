import { describe, expect, it } from "vitest";
import { orderLabel } from "../../core/orders/order-number.ts";
import { createOrder } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";

/**
 * The morning at the orders list: filter by status in the URL and go back, save the filter as a
 * view, open an order on its own page in a new tab, and write a note that shows in its timeline.
 */
const labels = { pending: "", shipped: "" };
let pendingId = "";

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const pending = await createOrder(db, { paymentStatus: "paid", status: "pending", name: "Pat Pending" });
    const shipped = await createOrder(db, { paymentStatus: "paid", status: "shipped", name: "Sal Shipped" });
    pendingId = pending.id;
    labels.pending = orderLabel(pending);
    labels.shipped = orderLabel(shipped);
  },
});

describe("orders filters, views, the order page and notes", () => {
  it("filters by status in the URL, goes back, saves the view", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/orders");
    const table = page.getByRole("table");
    await table.getByText(`#${labels.shipped}`).waitFor();

    await page.getByLabel("Status", { exact: true }).selectOption("pending");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/status=pending/);
    await table.getByText(`#${labels.pending}`).waitFor();
    await expect.poll(() => table.getByText(`#${labels.shipped}`).count(), { timeout: 15_000 }).toBe(0);

    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("status="));
    await table.getByText(`#${labels.shipped}`).waitFor();
    await page.goForward();
    await page.waitForURL(/status=pending/);
    // The form follows the URL once the loader has answered (slow on a loaded machine).
    await expect
      .poll(() => page.getByLabel("Status", { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe("pending");

    await page.getByRole("button", { name: "Save view" }).click();
    await page.getByLabel("View name").fill("Waiting to pack");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await waitForToast(page, "View saved");
    await page.goto("/admin/orders");
    await page
      .getByRole("navigation", { name: "Saved views" })
      .getByRole("link", { name: "Waiting to pack" })
      .click();
    await page.waitForURL(/status=pending/);
    await table.getByText(`#${labels.pending}`).waitFor();
    await expect.poll(() => table.getByText(`#${labels.shipped}`).count(), { timeout: 15_000 }).toBe(0);
  });

  it("opens an order in a new tab, adds a note and sees it in the timeline", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/orders");
    const link = page.getByRole("link", { name: `#${labels.pending}` });
    expect(await link.getAttribute("href")).toBe(`/admin/orders/${pendingId}`);
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      link.click({ modifiers: ["ControlOrMeta"] }),
    ]);
    await tab!.waitForLoadState();
    await tab!.getByRole("heading", { name: `Order #${labels.pending}` }).waitFor();
    const timeline = tab!.getByRole("list", { name: "Order timeline" });
    await timeline.getByText("Order placed").waitFor();

    await tab!.getByRole("textbox", { name: "Internal note" }).fill("Customer called, hold until Monday");
    await tab!.getByRole("button", { name: "Add note" }).click();
    await waitForToast(tab!, "Note added");
    await timeline.getByText("Customer called, hold until Monday").waitFor();
    expect(await tab!.getByRole("textbox", { name: "Internal note" }).inputValue()).toBe("");
  });
});
