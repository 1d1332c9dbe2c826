import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin } from "../support/e2e-helpers.ts";

// More paid orders than are counted exactly (10,000): the list shows an estimate and its
// previous/next links carry the position of the page they come from. "Buyer 1" is the newest.
const e2e = setupE2E({
  env: adminEnv,
  prepare: async (db) => {
    await db.execute(sql`
      insert into orders (payment_status, name, email, subtotal_cents, total_cents, created_at)
      select 'paid', 'Buyer ' || i, 'buyer' || i || '@example.com', 5000, 5000, now() - i * interval '1 minute'
      from generate_series(1, 10050) as i`);
    await db.execute(sql`analyze orders`);
  },
});

describe("admin orders, a list too long to count", () => {
  it("shows an approximate total and pages with the previous/next links and the last page", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/orders");
    await page.getByText(/^About 10,\d00 orders$/).waitFor();
    const rows = page.getByRole("table").getByRole("row");
    const firstBuyer = () =>
      rows
        .nth(1)
        .getByText(/^Buyer \d+$/)
        .innerText();
    expect(await firstBuyer()).toBe("Buyer 1");
    const pagination = page.getByRole("navigation", { name: "Pagination" });

    await pagination.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(/page=2&after=/);
    await expect.poll(firstBuyer).toBe("Buyer 11");
    await pagination.getByRole("link", { name: "Page 3" }).click();
    await page.waitForURL(/page=3&after=/);
    await expect.poll(firstBuyer).toBe("Buyer 21");
    await pagination.getByRole("link", { name: "Previous page" }).click();
    await page.waitForURL(/page=2&before=/);
    await expect.poll(firstBuyer).toBe("Buyer 11");

    // The last page holds the oldest orders; going back from it continues seamlessly.
    const last = pagination.getByRole("link", { name: /^Page \d+$/ }).last();
    const lastNumber = Number((await last.getAttribute("aria-label"))?.replace("Page ", ""));
    expect(lastNumber).toBeGreaterThan(1000);
    await last.click();
    await page.waitForURL(new RegExp(`page=${lastNumber}$`));
    await expect.poll(firstBuyer).toBe("Buyer 10041");
    expect(await rows.count()).toBe(11);
    expect(await pagination.getByRole("link", { name: "Next page" }).count()).toBe(0);
    await pagination.getByRole("link", { name: "Previous page" }).click();
    await page.waitForURL(new RegExp(`page=${lastNumber - 1}&before=`));
    await expect.poll(firstBuyer).toBe("Buyer 10031");
  });
});
