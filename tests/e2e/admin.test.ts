import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { orderItems } from "../../server/db/schema/index.ts";
import { createContactMessage, createOrder, createUser } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import {
  adminEnv,
  signInAsAdmin,
  signInOverHttp,
  submitAdminSignIn,
  testAdmin,
  toast,
  toastsGone,
  waitForToast,
} from "../support/e2e-helpers.ts";
import { failInsertsWhen } from "../support/page.ts";
import { expectProductPageImage } from "../support/store.ts";

const customer = { email: "buyer@example.com", password: "buyer-password-123" };
// Orders from the last hour, but never before local midnight: they must all count as "today".
const base = Math.max(Date.now() - 60 * 60 * 1000, new Date().setHours(0, 0, 0, 0) + 1000);

const e2e = setupE2E({
  env: adminEnv,
  prepare: async (db) => {
    // Products named FAIL-STORE… cannot be stored (a database failure).
    await failInsertsWhen(db, "products", "new.name like 'FAIL-STORE%'");
    // Verified customers (sign-up through the page needs the emailed link first).
    await createUser(db, { email: customer.email, password: customer.password });
    await createUser(db, { email: "second@example.com", password: "second-password-1" });
    // 23 paid orders (3 pages) and an unpaid one that must never show.
    for (let i = 0; i < 23; i++) {
      const order = await createOrder(db, {
        paymentStatus: "paid",
        name: i === 4 ? "Maya O'Brien" : `Buyer ${i}`,
        email: `buyer${i}@example.com`,
        couponCode: i === 6 ? "WELCOME10" : null,
        shippingAddress: {
          line1: `${i} Summit Road`,
          city: "Denver",
          state: "CO",
          postalCode: "80202",
          country: "US",
        },
        createdAt: new Date(base + i * 60_000),
      });
      await db.insert(orderItems).values({
        orderId: order.id,
        name: "Pure Himalayan Shilajit Resin",
        weight: "30g",
        unitPriceCents: 5999,
        quantity: 1,
        lineTotalCents: 5999,
      });
    }
    await createOrder(db, { name: "Never Paid", email: "unpaid@example.com" });
    await createContactMessage(db, {
      name: "Jordan Miles",
      message: "<img src=x onerror=\"document.title='pwned'\"> Do you ship to Canada?",
    });
  },
});

describe("admin access", () => {
  it("sends a signed-out visitor to the login page", async () => {
    const page = await e2e.newPage();
    await page.goto("/admin/products");
    await page.waitForURL("**/admin/login");
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    await expectNoSeriousA11yViolations(page, "admin login");
  });

  it("refuses a wrong password with 'Login failed'", async () => {
    const page = await e2e.newPage();
    await submitAdminSignIn(page, testAdmin.email, "not-the-password");
    await waitForToast(page, "Login failed");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(await page.getByLabel("Email").inputValue()).toBe(testAdmin.email);
  });

  it("turns a customer away with 'Access Denied' and signs them out", async () => {
    const page = await e2e.newPage();
    await submitAdminSignIn(page, customer.email, customer.password);
    await page
      .getByRole("alert")
      .filter({ hasText: "This account doesn't have admin privileges. Please contact an administrator." })
      .waitFor();
    await waitForToast(page, "Access Denied");
    await page.goto("/admin/dashboard");
    await page.waitForURL("**/admin/login");
  });

  it("sends a signed-in customer from an admin page to the login with the permission toast", async () => {
    const page = await e2e.newPage();
    const cookie = await signInOverHttp(e2e.app.url, {
      email: "second@example.com",
      password: "second-password-1",
    });
    const [name, value] = cookie.split(";")[0]!.split("=");
    await page.context().addCookies([{ name: name!, value: decodeURIComponent(value!), url: e2e.app.url }]);
    await page.goto("/admin/orders");
    await page.waitForURL("**/admin/login");
    await waitForToast(page, "You don't have permission to access the admin panel.");
    await page.getByText("Access Denied").first().waitFor();
    // Opening the page signed nobody out; the button does.
    await page.getByText("You are signed in as second@example.com.").waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You are signed in as").waitFor({ state: "detached" });
    await page.goto("/account");
    await page.waitForURL("**/auth?redirectTo=%2Faccount");
  });

  it("signs an admin in to the dashboard with its cards and activity", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await waitForToast(page, "Login successful");
    const card = (title: string) =>
      page.getByRole("heading", { name: title }).locator("xpath=ancestor::*[@data-slot='card'][1]");
    expect(await card("Total Products").innerText()).toContain("4");
    expect(await card("Total Orders").innerText()).toContain("23");
    expect(await card("Contact Messages").innerText()).toContain("1");
    const activity = page
      .getByRole("table")
      .filter({ has: page.getByRole("columnheader", { name: "Event" }) });
    expect(await activity.getByRole("row").count()).toBe(6); // header + 5 entries
    await page.getByRole("img", { name: /Last 30 days: \$1,379\.77 revenue from 23 orders/ }).waitFor();
    await toastsGone(page);
    await expectNoSeriousA11yViolations(page, "dashboard");
    // An admin visiting the login page goes straight to the dashboard.
    await page.goto("/admin/login");
    await page.waitForURL("**/admin/dashboard");
  });

  it("collapses the side navigation into a menu on small screens, with Sign Out", async () => {
    const page = await e2e.newPage("mobile");
    await signInAsAdmin(page);
    expect(await page.getByRole("navigation", { name: "Admin" }).count()).toBe(0);
    await page.getByRole("button", { name: "Open admin menu" }).click();
    const menu = page.getByRole("dialog", { name: "Admin menu" });
    for (const name of ["Dashboard", "Products", "Orders", "Contacts", "Emails"]) {
      await menu.getByRole("link", { name }).waitFor();
    }
    await menu.getByRole("link", { name: "Orders" }).click();
    await page.waitForURL("**/admin/orders");
    await page.getByRole("button", { name: "Open admin menu" }).click();
    await page.getByRole("dialog", { name: "Admin menu" }).getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL("**/admin/login");
    await page.goto("/admin/dashboard");
    await page.waitForURL("**/admin/login");
  });
});

describe("admin products", () => {
  it("validates, creates with an uploaded image shown on the storefront, edits and deletes", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await page.goto("/admin/products");
    await page.getByRole("heading", { name: "Products Management" }).waitFor();
    await page.getByRole("link", { name: "Add Product" }).click();

    await page.getByRole("button", { name: "Create Product" }).click();
    await waitForToast(page, "Failed to save product");
    await page.getByText("Name is required").waitFor();
    await page.getByText("Price is required").waitFor();

    await page.getByLabel("Name", { exact: true }).fill("Alpine Gold Resin");
    expect(await page.getByLabel("SEO title").inputValue()).toBe("Alpine Gold Resin | Peak Shilajit");
    await page.getByText("33/60 characters").waitFor();
    expect(await page.getByLabel("SEO description").inputValue()).toContain("Alpine Gold Resin");
    await page.getByLabel("Price (USD)").fill("64.50");
    // The weight is the first option now: renaming its value renames the variant.
    await page.getByLabel("Option 1 values").fill("30g");
    await page.getByRole("switch", { name: "Sold out" }).check();
    await page.getByLabel("Tag 1", { exact: true }).fill("gold");
    await page.getByRole("button", { name: "Add tag" }).click();
    await page.getByLabel("Tag 2", { exact: true }).fill("   ");

    // A refused file: the upload failure toast with the server's reason.
    await page
      .getByLabel("Upload image")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    const refused = toast(page, "Failed to upload file");
    await refused.getByText("The file is not a supported image (use JPEG, PNG, WebP, GIF or AVIF)").waitFor();
    expect(await page.getByLabel("Image URL", { exact: true }).inputValue()).toBe("");

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c08a2e" } })
      .png()
      .toBuffer();
    await page
      .getByLabel("Upload image")
      .setInputFiles({ name: "resin.png", mimeType: "image/png", buffer: png });
    await waitForToast(page, "File uploaded successfully");
    const imageUrl = await page.getByLabel("Image URL", { exact: true }).inputValue();
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/);
    await page.getByRole("img", { name: "Main product preview" }).waitFor();
    await toastsGone(page);
    await expectNoSeriousA11yViolations(page, "product form");

    await page.getByRole("button", { name: "Create Product" }).click();
    await waitForToast(page, "Product created successfully");
    const row = page.getByRole("row").filter({ hasText: "Alpine Gold Resin" });
    expect(await row.innerText()).toMatch(/\$64\.50\s+1 variant\s+Not tracked\s+Active\s+Sold Out/);
    // The storefront's product page shows the uploaded image (and its responsive variants).
    const store = await e2e.newPage();
    await expectProductPageImage(store, "alpine-gold-resin", "Alpine Gold Resin", imageUrl);

    await row.getByRole("link", { name: "Edit Alpine Gold Resin" }).click();
    expect(await page.getByLabel("Slug").inputValue()).toBe("alpine-gold-resin");
    expect(await page.getByLabel("Tag 1", { exact: true }).inputValue()).toBe("gold");
    expect(await page.getByLabel("Tag 2", { exact: true }).count()).toBe(0); // the blank tag was dropped
    await page.getByLabel("Name", { exact: true }).fill("Alpine Gold Resin Deluxe");
    await page.getByLabel("Price (USD)").fill("70");
    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Product updated successfully");
    const edited = page.getByRole("row").filter({ hasText: "Alpine Gold Resin Deluxe" });
    expect(await edited.innerText()).toContain("$70.00");
    await edited.getByRole("link", { name: /^Edit/ }).click();
    expect(await page.getByLabel("Slug").inputValue()).toBe("alpine-gold-resin"); // unchanged by the rename

    await page.goto("/admin/products");
    await page.getByRole("button", { name: "Delete Alpine Gold Resin Deluxe" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete this product?").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await waitForToast(page, "Product deleted successfully");
    await expect.poll(() => page.getByRole("row").filter({ hasText: "Alpine Gold Resin" }).count()).toBe(0);

    // A database failure: 'Failed to save product' with the server's message; the form keeps its values.
    await page.getByRole("link", { name: "Add Product" }).click();
    await page.getByLabel("Name", { exact: true }).fill("FAIL-STORE Resin");
    await page.getByLabel("Price (USD)").fill("12.00");
    await page.getByRole("button", { name: "Create Product" }).click();
    const failed = toast(page, "Failed to save product");
    await failed.getByText("injected test failure").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("FAIL-STORE Resin");
  });
});

describe("admin orders", () => {
  it("pages, searches, changes a status and prints a packing slip", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await page.goto("/admin/orders");
    await page.getByRole("heading", { name: "Orders Management" }).waitFor();
    const rows = page.getByRole("table").getByRole("row");
    expect(await rows.count()).toBe(11); // header + 10
    expect(await page.getByText("Never Paid").count()).toBe(0);
    expect(await rows.nth(1).innerText()).toContain("Buyer 22"); // newest first
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    for (const n of [1, 2, 3]) await pagination.getByRole("link", { name: `Page ${n}` }).waitFor();
    await pagination.getByRole("link", { name: "Page 3" }).click();
    await page.waitForURL("**/admin/orders?page=3");
    await expect.poll(() => rows.count()).toBe(4); // header + 3
    await expectNoSeriousA11yViolations(page, "orders");

    await page.getByRole("searchbox", { name: "Search orders" }).fill("o'BRIEN");
    await page.waitForURL(/q=o%27BRIEN/);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).innerText()).toContain("Maya O'Brien");
    await page.getByRole("searchbox", { name: "Search orders" }).fill("welcome10");
    await expect
      .poll(async () => (await rows.count()) === 2 && (await rows.nth(1).innerText()).includes("Buyer 6"))
      .toBe(true);

    const select = rows.nth(1).getByRole("combobox", { name: /^Status of order #/ });
    // "Shipped" asks for tracking first (tests/e2e/order-tracking.test.ts); a change that emails
    // the customer asks first (tests/e2e/admin-order-status.test.ts).
    await select.selectOption("processing");
    await page.getByRole("alertdialog").getByRole("button", { name: "Change status and email" }).click();
    await waitForToast(page, "Order status updated");
    await toast(page, /Order #\d{4,} status changed to processing/).waitFor();
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect.poll(() => rows.nth(1).getByRole("combobox").inputValue()).toBe("processing");

    await rows
      .nth(1)
      .getByRole("button", { name: /^View order/ })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("6 Summit Road").waitFor();
    await dialog.getByText("Pure Himalayan Shilajit Resin").waitFor();
    await expectNoSeriousA11yViolations(page, "order dialog");
    const [slip] = await Promise.all([
      page.context().waitForEvent("page"),
      dialog.getByRole("link", { name: "Print packing slip" }).click(),
    ]);
    await slip.waitForLoadState();
    await slip.getByRole("heading", { name: "Packing slip" }).waitFor();
    await slip.getByText("buyer6@example.com").waitFor();
    await slip.emulateMedia({ media: "print" });
    expect(await slip.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    expect(await slip.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      "rgb(255, 255, 255)",
    );
  });

  it("refetches once when no orders have loaded after 3 seconds", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    const refetches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/admin/orders.data") refetches.push(request.url());
    });
    await page.goto("/admin/orders?q=no-such-order");
    await page.getByText("No orders match this filter").waitFor();
    expect(refetches).toHaveLength(0);
    await expect.poll(() => refetches.length, { timeout: 8000 }).toBe(1);
    await page.getByText("No orders match this filter").waitFor();
  });
});

describe("admin contacts", () => {
  it("shows messages as text and deletes one after confirmation", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    // While the list loads, the screen says so (the request is held until the text is seen).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/admin/contacts.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Contacts" }).click();
    await page.getByRole("status").filter({ hasText: "Loading contacts..." }).waitFor();
    release();
    await page.getByRole("heading", { name: "Contact Messages" }).waitFor();
    await page.unroute("**/admin/contacts.data*");
    await page.getByText("1 message").waitFor();
    await page.getByText("<img src=x onerror=\"document.title='pwned'\"> Do you ship to Canada?").waitFor();
    expect(await page.title()).not.toBe("pwned");
    expect(await page.getByRole("link", { name: /^jordan\./ }).getAttribute("href")).toMatch(
      /^mailto:jordan\./,
    );
    expect(await page.getByRole("link", { name: "+1 214 555 0142" }).getAttribute("href")).toBe(
      "tel:+12145550142",
    );
    await expectNoSeriousA11yViolations(page, "contacts");
    await page.getByRole("button", { name: "Delete message from Jordan Miles" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await waitForToast(page, "Contact deleted");
    await page.getByText("No contact messages found").waitFor();
  });
});
