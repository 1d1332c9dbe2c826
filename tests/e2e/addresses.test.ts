import { describe, expect, it } from "vitest";
import { createUser } from "../factories/accounts.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { signIn, submitSignIn, waitForToast } from "../support/e2e-helpers.ts";
import { historyKey, holdDataReloads } from "../support/page.ts";

const users = {
  book: "book-keeper@example.com",
  mobile: "book-mobile@example.com",
  noScript: "book-nojs@example.com",
  quick: "book-quick@example.com",
};
const e2e = setupE2E({
  prepare: async (db) => {
    for (const email of Object.values(users)) await createUser(db, { email });
  },
});

type Page = Awaited<ReturnType<typeof e2e.newPage>>;

async function fillAddress(page: Page, form: string, values: Record<string, string>) {
  const scope = page.locator(`form:has(#${form}-name)`);
  for (const [label, value] of Object.entries(values)) {
    if (label === "State") await scope.getByLabel("State").selectOption(value);
    else await scope.getByLabel(label, { exact: true }).fill(value);
  }
}

const home = {
  "Full name": "Jane Doe",
  Phone: "+1 512 555 0100",
  "Street address": "1 Main St",
  City: "Austin",
  State: "TX",
  "ZIP code": "78701",
};

describe("address book", () => {
  it("adds, refuses bad input keeping what was typed, edits, makes default and deletes", async () => {
    const page = await e2e.newPage();
    await signIn(page, users.book, "/account");
    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.getByRole("menuitem", { name: "My Addresses" }).getAttribute("href")).toBe(
      "/account/addresses",
    );
    await page.keyboard.press("Escape");
    await page.getByRole("main").getByRole("link", { name: "My Addresses" }).click();
    await page.getByRole("heading", { name: "No saved addresses yet" }).waitFor();
    await expectNoSeriousA11yViolations(page, "/account/addresses empty");

    await fillAddress(page, "add", { ...home, "ZIP code": "7870" });
    await page.getByRole("button", { name: "Add address" }).click();
    await page.getByText("Please enter a 5-digit ZIP code (or ZIP+4).").waitFor();
    expect(await page.locator("#add-name").inputValue()).toBe("Jane Doe");
    expect(await page.locator("#add-state").inputValue()).toBe("TX");

    await fillAddress(page, "add", { "ZIP code": "78701" });
    await page.getByRole("button", { name: "Add address" }).click();
    await waitForToast(page, "Address saved");
    const list = page.getByRole("list", { name: "Saved addresses" });
    await list.getByText("Austin, TX 78701").waitFor();
    await list.getByText("Default").waitFor();
    expect(await page.locator("#add-name").inputValue()).toBe("");

    await fillAddress(page, "add", {
      ...home,
      "Full name": "Work Desk",
      "Street address": "500 Congress Ave",
      City: "Portland",
      State: "CA",
      "ZIP code": "75201",
    });
    await page.getByRole("button", { name: "Add address" }).click();
    await list.getByText("500 Congress Ave").waitFor();
    // ZIP and state disagree: saved (not refused), with a warning on that card only.
    await list
      .getByRole("article", { name: "Work Desk, 500 Congress Ave" })
      .getByText("ZIP code 75201 is in Texas, not California. Carriers may reject this address")
      .waitFor();
    expect(await list.getByText(/Carriers may reject/).count()).toBe(1);
    await page.getByRole("button", { name: "Make Work Desk, 500 Congress Ave the default" }).click();
    await waitForToast(page, "Default address changed");
    await expect
      .poll(() => list.getByRole("article").first().getAttribute("aria-label"))
      .toBe("Work Desk, 500 Congress Ave");

    await page.getByRole("link", { name: "Edit Jane Doe, 1 Main St" }).click();
    await fillAddress(page, "edit", { City: "", "Street address": "2 Oak St" });
    await page.getByRole("button", { name: "Save address" }).click();
    await page.getByText("Please enter the city.").waitFor();
    expect(await page.locator("#edit-line1").inputValue()).toBe("2 Oak St");
    await fillAddress(page, "edit", { City: "Dallas" });
    await page.getByRole("button", { name: "Save address" }).click();
    await waitForToast(page, "Address saved");
    await list.getByText("Dallas, TX 78701").waitFor();

    await page.getByRole("button", { name: "Delete Work Desk, 500 Congress Ave" }).click();
    await waitForToast(page, "Address deleted");
    await expect.poll(() => list.getByRole("article").count()).toBe(1);
    await list.getByText("Default").waitFor();
  });

  it("fits a phone screen", async () => {
    const page = await e2e.newPage("mobile");
    await signIn(page, users.mobile, "/account/addresses");
    await fillAddress(page, "add", home);
    await page.getByRole("button", { name: "Add address" }).click();
    await waitForToast(page, "Address saved");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, "/account/addresses mobile");
  });

  it("works without JavaScript", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/auth");
      await submitSignIn(page, users.noScript);
      await page.waitForURL(`${e2e.app.url}/`);
      await page.goto("/account/addresses");
      await fillAddress(page, "add", { ...home, City: "" });
      await page.getByRole("button", { name: "Add address" }).click();
      await page.getByText("Please enter the city.").waitFor();
      await fillAddress(page, "add", { City: "Austin" });
      await page.getByRole("button", { name: "Add address" }).click();
      await page.getByRole("list", { name: "Saved addresses" }).getByText("Austin, TX 78701").waitFor();
      await page.getByRole("link", { name: "Edit Jane Doe, 1 Main St" }).click();
      await page.locator("#edit-city").fill("Houston");
      await page.getByRole("button", { name: "Save address" }).click();
      await page.getByRole("list", { name: "Saved addresses" }).getByText("Houston, TX 78701").waitFor();
    } finally {
      await context.close();
    }
  });

  it("keeps a correction typed while the page still reloads after a refusal", async () => {
    const page = await e2e.newPage();
    await signIn(page, users.quick, "/account/addresses");
    const reloads = await holdDataReloads(page);
    const refusedAt = await historyKey(page);
    await fillAddress(page, "add", { ...home, "ZIP code": "7870" });
    await page.getByRole("button", { name: "Add address" }).click();
    await page.getByText("Please enter a 5-digit ZIP code (or ZIP+4).").waitFor();
    await fillAddress(page, "add", { "ZIP code": "78701" });
    reloads.release();
    await expect.poll(() => historyKey(page)).not.toBe(refusedAt);
    expect(await page.locator("#add-postalCode").inputValue()).toBe("78701");
    await page.getByRole("button", { name: "Add address" }).click();
    await waitForToast(page, "Address saved");
  });
});
