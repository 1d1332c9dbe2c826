import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { fillSandboxBuyer } from "../support/e2e-helpers.ts";
import { waitForHydration } from "../support/page.ts";
import { addFromGrid, openCheckout, openStorePage } from "../support/store.ts";

/**
 * The database refuses to mark any order paid (as a full disk does) until someone sends a contact
 * message saying "disk freed": the outage starts and ends from outside, while the buyer waits.
 */
const e2e = setupE2E({
  prepare: async (db) => {
    await db.execute(sql`create function test_disk_full() returns trigger language plpgsql as $$
      begin
        if not exists (select 1 from contact_messages where message like '%disk freed%') then
          raise exception 'could not extend file: No space left on device (test fault)';
        end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger test_disk_full before update on orders for each row
      when (new.payment_status = 'paid' and old.payment_status <> 'paid') execute function test_disk_full()`);
  },
});

describe("a payment taken while the database cannot mark its order paid", () => {
  it("the return page says the payment is safe, retries by itself and shows the order once the fault is gone", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Liquid Shilajit Drops", 1);
    await openCheckout(page);
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await fillSandboxBuyer(page, "Dana Disk", "dana@example.com");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay \$/ }).click();

    // The payment is taken; the order cannot be marked paid: no error page, no "Processing Error".
    await page.waitForURL(/\/payment-success\?session_id=/);
    await page.getByRole("heading", { name: "Your payment is safe" }).waitFor();
    expect(await page.getByText("There is no need to pay again").count()).toBe(1);
    expect(await page.getByText("Processing Error").count()).toBe(0);
    await page.getByRole("link", { name: "Check again" }).waitFor();
    await expectNoSeriousA11yViolations(page, "payment pending");

    // The disk is freed; the page's own retry finds the order paid.
    const operator = await e2e.newPage();
    await operator.goto("/contact");
    await waitForHydration(operator);
    await operator.getByRole("textbox", { name: "Name" }).fill("Operator");
    await operator.getByRole("textbox", { name: "Email" }).fill("ops@example.com");
    await operator.getByRole("textbox", { name: "Phone" }).fill("555-0199");
    await operator.getByRole("textbox", { name: "Message" }).fill("The disk freed up again.");
    await operator.getByRole("button", { name: "Send Message" }).click();
    await operator.getByText("Thank you for contacting us. We will get back to you soon.").waitFor();

    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole("region", { name: /^Order #/ }).innerText()).toMatch(/Items\s+1/);
  });
});
