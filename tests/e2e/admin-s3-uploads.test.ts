import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { startFakeS3 } from "../support/fake-s3.ts";
import { expectProductPageImage } from "../support/store.ts";

// The app stores uploads in a local fake S3, which also serves them to the browser.
const s3 = await startFakeS3({ bucket: "shop-media", accessKeyId: "AKIAE2E" });
afterAll(() => s3.close());

const e2e = setupE2E({
  env: {
    ...adminEnv,
    S3_BUCKET: "shop-media",
    S3_REGION: "eu-west-1",
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: "AKIAE2E",
    S3_SECRET_ACCESS_KEY: "e2e-secret",
  },
});

describe("admin uploads with S3 configured", () => {
  it("stores a product image in the bucket and the storefront shows it from there", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products?new");
    await page.getByLabel("Name", { exact: true }).fill("Bucket Resin");
    await page.getByLabel("Price (USD)").fill("41");
    const jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#5b3a1e" } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel("Upload image")
      .setInputFiles({ name: "resin.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await waitForToast(page, "File uploaded successfully");
    const imageUrl = await page.getByLabel("Image URL", { exact: true }).inputValue();
    // Path style below the endpoint, since no S3_PUBLIC_URL is set.
    expect(imageUrl).toMatch(new RegExp(`^${s3.endpoint}/shop-media/uploads/[0-9a-f-]{36}\\.webp$`));
    const name = imageUrl.split("/").at(-1);
    expect(s3.objects.has(`shop-media/uploads/${name}`)).toBe(true);
    expect(s3.objects.has(`shop-media/images/640/${name}`)).toBe(true);
    await page.getByRole("button", { name: "Create Product" }).click();
    await waitForToast(page, "Product created successfully");

    await expectProductPageImage(await e2e.newPage(), "bucket-resin", "Bucket Resin", imageUrl);
  });
});
