import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, confirmDelete, signInAsAdmin, toast, waitForToast } from "../support/e2e-helpers.ts";
import { failInsertsWhen, waitForHydration } from "../support/page.ts";

// Testimonials from FAIL-STORE… cannot be stored (a database failure).
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: (db) => failInsertsWhen(db, "testimonials", "new.name like 'FAIL-STORE%'"),
});

describe("admin testimonials", () => {
  it("validates, creates (with an uploaded image), edits, deactivates and deletes a testimonial, as the home page shows", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/testimonials");
    await page.getByRole("heading", { name: "Testimonials Management" }).waitFor();
    await page.getByText("No testimonials found.").waitFor();
    await expectNoSeriousA11yViolations(page, "testimonials empty");

    await page.getByRole("link", { name: "Add Testimonial" }).click();
    await page.getByRole("heading", { name: "Add New Testimonial" }).waitFor();
    await waitForHydration(page);
    const save = page.getByRole("button", { name: "Add Testimonial" });
    const main = page.getByRole("main");

    // Every validation message, and what was typed stays.
    await page.getByLabel("Title (Optional)").fill("Trail runner");
    await page.getByLabel("Rating (1-5)").fill("");
    await save.click();
    await waitForToast(page, "Failed to save testimonial");
    await main.getByText("Name is required").waitFor();
    await main.getByText("Content is required").waitFor();
    await main.getByText("Rating is required").waitFor();
    expect(await page.getByLabel("Title (Optional)").inputValue()).toBe("Trail runner");
    await expectNoSeriousA11yViolations(page, "testimonial form with errors");

    await page.getByLabel("Name", { exact: true }).fill("Ana Ruiz");
    await page.getByLabel("Content", { exact: true }).fill("Steady energy through long mountain days.");
    await page.getByLabel("Rating (1-5)").fill("6");
    await page.getByLabel("Video", { exact: true }).check();
    await save.click();
    await main.getByText("Rating must be a whole number from 1 to 5").waitFor();
    await main.getByText("Add the video (upload a file or enter its URL)").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Ana Ruiz");

    await waitForHydration(page);
    await page.getByLabel("Rating (1-5)").fill("4");
    await page.getByLabel("Image", { exact: true }).check();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#6b8e23" } })
      .png()
      .toBuffer();
    await page
      .getByLabel("Upload media image")
      .setInputFiles({ name: "jar.png", mimeType: "image/png", buffer: png });
    await waitForToast(page, "File uploaded successfully");
    expect(await page.getByLabel("Media URL (image, or a video URL)").inputValue()).toMatch(
      /^\/uploads\/.+\.webp$/,
    );
    // A database failure: 'Failed to save testimonial' with the server's message; the form keeps its values.
    await page.getByLabel("Name", { exact: true }).fill("FAIL-STORE Ana");
    await save.click();
    const failed = toast(page, "Failed to save testimonial");
    await failed.getByText("injected test failure").waitFor();
    expect(await page.getByLabel("Content", { exact: true }).inputValue()).toBe(
      "Steady energy through long mountain days.",
    );
    await page.getByLabel("Name", { exact: true }).fill("Ana Ruiz");
    await save.click();
    await waitForToast(page, "Testimonial created successfully");

    const card = page.getByRole("article", { name: "Ana Ruiz" });
    await card.getByText("Trail runner").waitFor();
    await card.getByRole("img", { name: "Rated 4 out of 5" }).waitFor();
    await card.getByRole("img", { name: "Media of Ana Ruiz" }).waitFor();
    await card.getByText("Active", { exact: true }).waitFor();
    await card.getByText("Image", { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, "testimonials grid");

    const shop = await e2e.newPage();
    await shop.goto("/");
    const section = shop.getByRole("region", { name: "What Our Customers Say" });
    await section.getByText("Ana Ruiz").waitFor();
    await section.getByRole("img", { name: "Rated 4 out of 5" }).waitFor();

    // Edit: switch off Active and change the media to a video link.
    await page.getByRole("link", { name: "Edit Ana Ruiz" }).click();
    await page.getByRole("heading", { name: "Edit Testimonial" }).waitFor();
    await waitForHydration(page);
    expect(await page.getByLabel("Content", { exact: true }).inputValue()).toBe(
      "Steady energy through long mountain days.",
    );
    await page.getByRole("switch", { name: "Active" }).uncheck();
    await page.getByLabel("Video", { exact: true }).check();
    await page.getByLabel("Video URL").fill("https://videos.example.com/ana");
    await page.getByRole("button", { name: "Update Testimonial" }).click();
    await waitForToast(page, "Testimonial updated successfully");
    await card.getByText("Inactive", { exact: true }).waitFor();
    await card.getByText("Video", { exact: true }).waitFor();

    await shop.reload();
    expect(await shop.getByText("Ana Ruiz").count()).toBe(0);

    await page.getByRole("button", { name: "Delete Ana Ruiz" }).click();
    await confirmDelete(page, "Are you sure you want to delete this testimonial?");
    await waitForToast(page, "Testimonial deleted successfully");
    await page.getByText("No testimonials found.").waitFor();
  });
});
