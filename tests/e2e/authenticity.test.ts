import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { waitForHydration } from "../support/page.ts";

const e2e = setupE2E({ env: { ...adminEnv, TRUST_PROXY: "true" } });
const serials: string[] = [];

describe("authenticity batches and serials", () => {
  it("lets the admin create a batch, generate 5 serials and download them as CSV", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/batches");
    await page.getByRole("textbox", { name: "Product", exact: true }).fill("Pure Himalayan Shilajit");
    await page.getByRole("textbox", { name: "Batch number" }).fill("E2E-2026-07");
    await page.getByLabel("Production date").fill("2026-07-01");
    await page.getByLabel("Expiry date").fill("2028-07-01");
    await page.getByRole("textbox", { name: "Lab name" }).fill("Alpine Analytical Labs");
    await page.getByRole("button", { name: "Create Batch" }).click();
    await page.getByRole("heading", { name: "Batch E2E-2026-07" }).waitFor();

    await page.getByRole("spinbutton", { name: "How many serials" }).fill("5");
    await page.getByRole("button", { name: "Generate Serials" }).click();
    await waitForToast(page, "5 serials generated");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download serials CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^serials-E2E-2026-07-\d{4}-\d\d-\d\d\.csv$/);
    const rows = (await readFile((await file.path())!, "utf8")).trim().split("\r\n");
    expect(rows[0]).toContain("Serial,Batch,Product,Created");
    expect(rows).toHaveLength(6);
    for (const row of rows.slice(1)) serials.push(row.split(",")[0]!);
    expect(serials[0]).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
  });

  it("tells the customer a first verification, then warns on the second", async () => {
    const page = await e2e.newPage();
    const verify = async (code: string) => {
      await page.goto("/validity");
      await waitForHydration(page);
      await page.getByRole("textbox", { name: "Batch Number" }).fill(code);
      await page.getByRole("button", { name: "Verify Product" }).click();
    };
    const result = page.getByRole("status");
    await verify(serials[0]!);
    await result.getByText("First verification — genuine").waitFor();
    const shown = await result.innerText();
    expect(shown).toContain("E2E-2026-07");
    expect(shown).toContain("Pure Himalayan Shilajit");
    await verify(serials[0]!.toLowerCase());
    await result.getByText("If you did not verify this before, this code may have been copied").waitFor();
    expect(await result.innerText()).toContain("first verified on");
  });
});
