import { describe, expect, it } from "vitest";
import { brand } from "~core/brand.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { MINUTE_LIMIT_MESSAGE } from "../support/e2e-helpers.ts";
import { failInsertsWhen, waitForHydration } from "../support/page.ts";

// Demo data holds SH1001–SH1010; lookups of FAIL-LOOKUP cannot be recorded (a database failure).
const e2e = setupE2E({
  // The tests act as several clients through X-Forwarded-For, as behind a proxy.
  env: { TRUST_PROXY: "true" },
  prepare: (db) => failInsertsWhen(db, "validity_lookups", "new.code = 'FAIL-LOOKUP'"),
});

const INVALID_TEXT = `Sorry, this batch number was not found in our database. This may not be an authentic ${brand.name} product.`;

async function openValidity() {
  const page = await e2e.newPage();
  await page.goto("/validity");
  await waitForHydration(page);
  return {
    page,
    input: page.getByRole("textbox", { name: "Batch Number" }),
    button: page.getByRole("button", { name: "Verify Product" }),
    result: page.getByRole("status"),
  };
}

describe("/validity", () => {
  it("shows the guide, the example format and the reasons to verify", async () => {
    const { page } = await openValidity();
    await page.getByRole("heading", { level: 1, name: "Product Validity Check" }).waitFor();
    await page.getByRole("heading", { name: "How to Verify Your Product" }).waitFor();
    const text = await page.getByRole("main").innerText();
    expect(text).toContain("Find the batch number printed on your bottle lid.");
    expect(text).toContain("Enter the batch number in the field below.");
    expect(text).toContain("get your result instantly");
    expect(text).toContain("Example format: SH1001");
    expect(text).toContain("typically starts with SH followed by 4 digits");
    await page.getByRole("heading", { name: "Why Verify Your Product?" }).waitFor();
    expect(text).toContain("Protect yourself from counterfeit products");
    await expectNoSeriousA11yViolations(page);
  });

  it("keeps Verify Product disabled while the trimmed input is empty", async () => {
    const { input, button } = await openValidity();
    expect(await button.isDisabled()).toBe(true);
    await input.fill("    ");
    expect(await button.isDisabled()).toBe(true);
    await input.fill("S");
    expect(await button.isDisabled()).toBe(false);
    await input.fill("");
    expect(await button.isDisabled()).toBe(true);
  });

  it("says VALID for a known code, however its case, spaces and dashes are typed", async () => {
    const { page, input, button, result } = await openValidity();
    await input.fill("   SH1002  ");
    await button.click();
    await result.getByText("VALID", { exact: true }).waitFor();
    expect(await result.innerText()).toContain("SH1002");
    expect(await result.innerText()).not.toContain("INVALID");
    // The demo's SH1001 typed in lower case, or with a dash, is the same genuine code.
    for (const typed of ["sh1001", "sh-1001", "Sh 1001"]) {
      await input.fill(typed);
      await button.click();
      await result.getByText(typed).waitFor();
      await result.getByText("VALID", { exact: true }).waitFor();
      expect(await result.innerText()).not.toContain("INVALID");
    }
    await expectNoSeriousA11yViolations(page, "validity VALID");
  });

  it("says INVALID with the spec's text for an unknown code", async () => {
    const { page, input, button, result } = await openValidity();
    for (const code of ["SH9999", "SH10010"]) {
      await input.fill(code);
      await button.click();
      await result.getByText("INVALID", { exact: true }).waitFor();
      expect(await result.innerText()).toContain(INVALID_TEXT);
    }
    await expectNoSeriousA11yViolations(page, "validity INVALID");
  });

  it("shows the error toast and an invalid result when the lookup fails", async () => {
    const { page, input, button, result } = await openValidity();
    await input.fill("FAIL-LOOKUP");
    await button.click();
    await page.getByText("Failed to verify the product. Please try again.").waitFor();
    await result.getByText("INVALID", { exact: true }).waitFor();
  });

  it("works without JavaScript", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/validity");
      await page.getByRole("textbox", { name: "Batch Number" }).fill("SH1003");
      await page.getByRole("button", { name: "Verify Product" }).click();
      await page.getByRole("status").getByText("VALID", { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("rate limits lookups per client so codes cannot be enumerated quickly", async () => {
    const lookup = (code: string) =>
      fetch(`${e2e.app.url}/validity`, {
        method: "POST",
        headers: {
          "x-forwarded-for": "198.51.100.23",
          "content-type": "application/x-www-form-urlencoded",
          origin: e2e.app.url,
        },
        body: new URLSearchParams({ code }),
      });
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await lookup(`SH${2000 + i}`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await lookup("SH1001");
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(MINUTE_LIMIT_MESSAGE);
    // Another client is not affected.
    const other = await fetch(`${e2e.app.url}/validity`, {
      method: "POST",
      headers: {
        "x-forwarded-for": "198.51.100.24",
        "content-type": "application/x-www-form-urlencoded",
        origin: e2e.app.url,
      },
      body: new URLSearchParams({ code: "SH1001" }),
    });
    expect(other.status).toBe(200);
  });
});
