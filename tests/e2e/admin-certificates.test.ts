import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, confirmDelete, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { waitForHydration } from "../support/page.ts";

const e2e = setupE2E({ seed: "none", env: adminEnv });

const png = (background: string) =>
  sharp({ create: { width: 60, height: 80, channels: 3, background } })
    .png()
    .toBuffer();

describe("admin certificates", () => {
  it("uploads, replaces and deletes the two certificate slots, with a saving overlay, as the home page shows", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/certificates");
    const first = page.getByRole("region", { name: "Certificate 1 (After Shilajit Products)" });
    const second = page.getByRole("region", { name: "Certificate 2 (After Superior Section)" });
    await first.getByText("No certificate uploaded").waitFor();
    await second.getByText("No certificate uploaded").waitFor();
    await expectNoSeriousA11yViolations(page, "certificates empty");
    await waitForHydration(page);

    // Nothing chosen, then a file that is not an image.
    await first.getByRole("button", { name: "Upload certificate 1" }).click();
    await waitForToast(page, "Choose an image for the certificate");
    await first
      .getByLabel("Image file for certificate 1")
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await first.getByRole("button", { name: "Upload certificate 1" }).click();
    await waitForToast(page, "The file is not a supported image (use JPEG, PNG, WebP, GIF or AVIF)");

    // The overlay shows while the upload is on its way (the request is held until it is seen).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/admin/certificates*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await first
      .getByLabel("Image file for certificate 1")
      .setInputFiles({ name: "lab.png", mimeType: "image/png", buffer: await png("#eeeeee") });
    await first.getByRole("button", { name: "Upload certificate 1" }).click();
    await page.getByText("Saving...").waitFor();
    release();
    await waitForToast(page, "Certificate 1 saved successfully");
    await page.unroute("**/admin/certificates*");
    await page.getByText("Saving...").waitFor({ state: "detached" });
    const image = first.getByRole("img", { name: "Certificate 1" });
    const firstUrl = await image.getAttribute("src");
    expect(firstUrl).toMatch(/^\/uploads\/.+\.webp$/);
    await second.getByText("No certificate uploaded").waitFor();

    await second
      .getByLabel("Image file for certificate 2")
      .setInputFiles({ name: "coa.png", mimeType: "image/png", buffer: await png("#dddddd") });
    await second.getByRole("button", { name: "Upload certificate 2" }).click();
    await waitForToast(page, "Certificate 2 saved successfully");
    await second.getByRole("img", { name: "Certificate 2" }).waitFor();
    await page.getByText("2 of 2 certificates").waitFor();
    await expectNoSeriousA11yViolations(page, "certificates filled");

    const shop = await e2e.newPage();
    await shop.goto("/");
    expect(await shop.getByRole("img", { name: "Certificate 1" }).count()).toBe(1);
    expect(await shop.getByRole("img", { name: "Certificate 2" }).count()).toBe(1);

    // Replace slot 1: same slot, new image; still two certificates.
    await first
      .getByLabel("Image file for certificate 1")
      .setInputFiles({ name: "lab2.png", mimeType: "image/png", buffer: await png("#cccccc") });
    await first.getByRole("button", { name: "Replace certificate 1" }).click();
    await waitForToast(page, "Certificate 1 saved successfully");
    await expect.poll(() => image.getAttribute("src")).not.toBe(firstUrl);
    await page.getByText("2 of 2 certificates").waitFor();

    await second.getByRole("button", { name: "Delete certificate 2" }).click();
    await confirmDelete(page, "Are you sure you want to delete certificate 2?");
    await waitForToast(page, "Certificate deleted successfully");
    await second.getByText("No certificate uploaded").waitFor();

    await shop.reload();
    expect(await shop.getByRole("img", { name: "Certificate 1" }).count()).toBe(1);
    expect(await shop.getByRole("img", { name: "Certificate 2" }).count()).toBe(0);
  });
});
