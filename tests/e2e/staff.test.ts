import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { orderLabel } from "../../core/orders/order-number.ts";
import { orderItems } from "../../server/db/schema/index.ts";
import { createOrder, createProduct } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { signInAsAdmin, submitAdminSignIn, waitForToast } from "../support/e2e-helpers.ts";
import { latestEmailTo, linkIn, mailReader, mailReaderEnv } from "../support/mail.ts";

/**
 * Staff and roles in the browser: the owner invites a fulfilment helper by email; the helper sets a
 * password through the link, sees only the order screens, ships an order, and cannot refund it.
 */
const helper = { name: "Finn Packer", email: "finn.packer@example.com", password: "finn-packs-boxes-1" };
const buyer = { name: "Bea Buyer", email: "bea.private@example.com" };
let orderId = "";
/** How staff see the order: its number (#1001). */
let orderName = "";

const e2e = setupE2E({
  env: mailReaderEnv,
  prepare: async (db) => {
    const order = await createOrder(db, { paymentStatus: "paid", name: buyer.name, email: buyer.email });
    orderId = order.id;
    orderName = orderLabel(order);
    await createProduct(db, { name: "Palette Pine Resin" });
    await db.insert(orderItems).values({
      orderId,
      name: "Pure Himalayan Shilajit Resin",
      unitPriceCents: 5999,
      quantity: 1,
      lineTotalCents: 5999,
    });
  },
});

const owner = { email: mailReader.email, password: mailReader.password };
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin" });

describe("staff and roles", () => {
  it("the owner invites a fulfilment helper, who ships an order but cannot refund it", async () => {
    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/dashboard", owner);
    await sidebar(admin).getByRole("link", { name: "Staff" }).click();
    await admin.waitForURL("**/admin/staff");
    await admin.getByLabel("Name", { exact: true }).fill(helper.name);
    await admin.getByLabel("Email", { exact: true }).fill("not-an-address");
    await admin.getByLabel("Role", { exact: true }).selectOption("fulfilment");
    await admin.getByRole("button", { name: "Send invitation" }).click();
    await admin.getByText("Enter a valid email address").waitFor();
    expect(await admin.getByLabel("Name", { exact: true }).inputValue()).toBe(helper.name);
    await admin.getByLabel("Email", { exact: true }).fill(helper.email);
    await admin.getByLabel("Role", { exact: true }).selectOption("fulfilment");
    await admin.getByLabel("Email", { exact: true }).press("Enter");
    await waitForToast(admin, `Invitation sent to ${helper.email}`);
    const pending = admin.getByRole("table", { name: "Pending invitations" });
    await pending.getByRole("cell", { name: /Finn Packer/ }).waitFor();
    await expectNoSeriousA11yViolations(admin, "staff screen");

    const link = linkIn(
      await latestEmailTo(e2e, helper.email, "You are invited to the back office"),
      "/invitation/",
    );
    const page = await e2e.newPage();
    await page.goto(new URL(link).pathname);
    await page.getByText(`you are invited as Fulfilment`).waitFor();
    await page.getByLabel("Password", { exact: true }).fill(helper.password);
    await page.getByLabel("Repeat the password").fill("something-else-1");
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.getByText("The passwords do not match").waitFor();
    await page.getByLabel("Password", { exact: true }).fill(helper.password);
    await page.getByLabel("Repeat the password").fill(helper.password);
    await page.getByRole("button", { name: "Accept invitation" }).click();
    // Signed in, on the first screen the role opens; the navigation shows only the order screens.
    await page.waitForURL("**/admin/orders");
    await waitForToast(page, "Welcome to the back office");
    const links = await sidebar(page).getByRole("link").allTextContents();
    expect(links.map((l) => l.trim())).toEqual(["Orders"]);
    // The buyer's name (for the parcel), not their email.
    const short = orderName;
    await page.getByRole("cell", { name: new RegExp(buyer.name) }).waitFor();
    expect(await page.getByText(buyer.email).count()).toBe(0);

    await page.getByRole("combobox", { name: `Status of order #${short}` }).selectOption("shipped");
    const dialog = page.getByRole("dialog", { name: `Ship order #${short}` });
    await dialog.getByRole("combobox", { name: /Carrier/ }).selectOption("ups");
    await dialog.getByRole("textbox", { name: /Tracking number/ }).fill("1Z999AA10123456784");
    await dialog.getByRole("button", { name: "Mark shipped" }).click();
    await waitForToast(page, "Order marked shipped");

    // No refund in the order's dialog, and the refund screen itself refuses.
    await page.getByRole("button", { name: `View order #${short}` }).click();
    const details = page.getByRole("dialog", { name: `Order #${short}` });
    await details.getByRole("link", { name: "Print packing slip" }).waitFor();
    expect(await details.getByRole("region", { name: "Refunds" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    const refunds = await page.request.get(`/admin/orders/${orderId}/refunds`);
    expect(refunds.status()).toBe(403);
    expect(await refunds.text()).toContain("Your role (Fulfilment) does not allow this.");
    await page.goto("/admin/staff");
    await page.getByText("Not allowed", { exact: true }).waitFor();
    await page.getByText("Your role (Fulfilment) does not allow this.").waitFor();
    await page.getByRole("link", { name: "Back to the back office" }).click();
    await page.waitForURL("**/admin/orders");

    // The invitation is used up: the link no longer works.
    const again = await e2e.newPage();
    await again.goto(new URL(link).pathname);
    await again.getByRole("heading", { name: "This invitation no longer works" }).waitFor();

    // The owner sees the helper on the staff list and takes them out: their session ends at once.
    await admin.reload();
    const staff = admin.getByRole("table", { name: "Staff members" });
    await staff.getByText(helper.email).waitFor();
    await staff.getByRole("button", { name: `Remove ${helper.email}` }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await waitForToast(admin, "Removed from the staff; their sessions ended");
    await page.goto("/admin/orders");
    await page.waitForURL("**/admin/login");
  });

  it("the sidebar reaches its last entry and Sign Out in a 1280x720 window, current page marked", async () => {
    const page = await e2e.newPage("laptop");
    await signInAsAdmin(page, "/admin/policies", owner);
    const nav = sidebar(page);
    const current = nav.getByRole("link", { name: "Policies" });
    expect(await current.getAttribute("aria-current")).toBe("page");
    for (const group of ["Orders", "Products", "Customers", "Content", "Marketing", "Finance", "Settings"]) {
      await nav.getByRole("heading", { name: group, exact: true }).waitFor();
    }
    const signOut = page.getByRole("complementary").getByRole("button", { name: "Sign Out" });
    const inWindow = async (box: { y: number; height: number } | null) =>
      box !== null && box.y >= 0 && box.y + box.height <= 720;
    expect(await inWindow(await signOut.boundingBox())).toBe(true);
    const last = nav.getByRole("link", { name: "Staff" });
    await last.scrollIntoViewIfNeeded();
    expect(await inWindow(await last.boundingBox())).toBe(true);
    expect(await inWindow(await signOut.boundingBox())).toBe(true);
    await last.click();
    await page.waitForURL("**/admin/staff");
    await signOut.click();
    await page.waitForURL("**/admin/login");
  });

  it("on a phone the menu scrolls to its last entry and keeps Sign Out on screen", async () => {
    const page = await e2e.newPage("mobile");
    await submitAdminSignIn(page, owner.email, owner.password);
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("button", { name: "Open admin menu" }).click();
    const menu = page.getByRole("dialog", { name: "Admin menu" });
    const signOut = menu.getByRole("button", { name: "Sign Out" });
    const box = await signOut.boundingBox();
    expect(box && box.y + box.height <= 844).toBe(true);
    const last = menu.getByRole("link", { name: "Staff" });
    await last.scrollIntoViewIfNeeded();
    await last.click();
    await page.waitForURL("**/admin/staff");
  });

  it("Ctrl+K opens the palette: jump to a screen, find an order by the buyer's name and a product", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/dashboard", owner);
    const palette = page.getByRole("dialog", { name: "Search or jump to" });
    // The shortcut works once the page has hydrated: press until it opens.
    await expect
      .poll(async () => {
        if ((await palette.count()) === 0) await page.keyboard.press("Control+k");
        return palette.isVisible();
      })
      .toBe(true);
    const box = palette.getByRole("combobox", { name: "Search the back office" });
    await box.fill("staf");
    await palette.getByRole("option", { name: /Staff/ }).waitFor();
    await box.press("Enter");
    await page.waitForURL("**/admin/staff");

    await page.keyboard.press("Control+k");
    await box.fill(buyer.name);
    await palette.getByRole("option", { name: new RegExp(`Order #${orderName}`) }).waitFor();
    await expectNoSeriousA11yViolations(page, "command palette");
    await box.press("Enter");
    await page.waitForURL(`**/admin/orders?q=${orderId}`);
    await page.getByRole("cell", { name: new RegExp(buyer.name) }).waitFor();

    await page.keyboard.press("Control+k");
    await box.fill("pine resin");
    await palette.getByRole("option", { name: /Palette Pine Resin/ }).waitFor();
    await box.press("ArrowDown");
    await box.press("ArrowUp");
    await box.press("Enter");
    await page.waitForURL("**/admin/products?edit=*");
    // Esc closes without going anywhere.
    await page.keyboard.press("Control+k");
    await palette.waitFor();
    await page.keyboard.press("Escape");
    await palette.waitFor({ state: "hidden" });
  });
});
