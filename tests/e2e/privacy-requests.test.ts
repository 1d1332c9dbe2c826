import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { orderItems } from "../../server/db/schema/index.ts";
import { createOrder, createUser, DEFAULT_USER_PASSWORD } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signIn, signInAsAdmin, submitSignIn, waitForToast } from "../support/e2e-helpers.ts";

const customer = { email: "petra.private@example.com", name: "Petra Private" };
const ids = { order: "" };

const e2e = setupE2E({
  env: adminEnv,
  prepare: async (db) => {
    const account = await createUser(db, customer);
    const order = await createOrder(db, {
      paymentStatus: "paid",
      userId: account.id,
      name: customer.name,
      email: customer.email,
      subtotalCents: 12345,
      totalCents: 12345,
      shippingAddress: {
        line1: "9 Hidden Way",
        city: "Austin",
        state: "TX",
        postalCode: "78701",
        country: "US",
      },
    });
    ids.order = order.id;
    await db.insert(orderItems).values({
      orderId: order.id,
      name: "Pure Resin",
      unitPriceCents: 12345,
      quantity: 1,
      lineTotalCents: 12345,
    });
  },
});

type Page = Awaited<ReturnType<typeof e2e.newPage>>;

/** The privacy page's form that has this submit button. */
const formWith = (page: Page, button: string) =>
  page.locator("form", { has: page.getByRole("button", { name: button }) });

describe("privacy requests in the browser", () => {
  it("downloads the customer's data, deletes the account: signed out, sign-in fails, the order stays in the admin", async () => {
    const page = await e2e.newPage();
    await signIn(page, customer.email, "/account");
    await page.getByRole("link", { name: "My data and privacy" }).click();
    await page.getByRole("heading", { name: "Privacy", level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page, "/account/privacy");

    const download = formWith(page, "Download my data");
    await download.getByLabel("Password").fill(DEFAULT_USER_PASSWORD);
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      download.getByRole("button", { name: "Download my data" }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path())!, "utf8"));
    expect(data.account).toMatchObject({ email: customer.email, name: customer.name });
    expect(data.orders).toMatchObject([
      { id: ids.order, totalCents: 12345, items: [{ name: "Pure Resin", quantity: 1 }] },
    ]);

    const erase = formWith(page, "Delete my account");
    await erase.getByRole("button", { name: "Delete my account" }).click();
    await erase.getByText("Please enter your password.").waitFor();
    await erase.getByLabel("Password").fill(DEFAULT_USER_PASSWORD);
    await erase.getByRole("button", { name: "Delete my account" }).click();
    await erase.getByText("Please confirm that you want your account and data deleted.").waitFor();
    await erase.getByLabel("Password").fill(DEFAULT_USER_PASSWORD);
    await erase.getByLabel(/I understand/).check();
    await erase.getByRole("button", { name: "Delete my account" }).click();
    await waitForToast(page, "Account deleted");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();

    await page.goto("/auth");
    await submitSignIn(page, customer.email);
    await page
      .getByRole("alert")
      .filter({ hasText: /invalid|incorrect|check/i })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");

    const office = await e2e.newPage();
    await signInAsAdmin(office, `/admin/orders?q=${ids.order}`);
    const row = office.getByRole("row", { name: /Deleted customer/ });
    await row.getByText("$123.45").waitFor();
    expect(await office.getByText(customer.email).count()).toBe(0);
  });
});
