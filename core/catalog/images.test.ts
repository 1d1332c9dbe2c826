import { describe, expect, it } from "vitest";
import { isUploadUrl, variantUrl } from "./images.ts";

const bucket = "https://media.example.com";

describe("upload URLs and their variants", () => {
  it("recognise this server's uploads, and the S3 bucket's when its public URL is known", () => {
    expect(isUploadUrl("/uploads/a.webp")).toBe(true);
    expect(isUploadUrl(`${bucket}/uploads/a.webp`)).toBe(false);
    expect(isUploadUrl(`${bucket}/uploads/a.webp`, bucket)).toBe(true);
    expect(isUploadUrl("/uploads/a.webp", bucket)).toBe(true); // earlier local uploads keep working
  });

  it("leave other images alone, even with /uploads/ in their path", () => {
    expect(isUploadUrl("https://blog.example.org/wp-content/uploads/a.jpg", bucket)).toBe(false);
    expect(isUploadUrl(`${bucket}.evil.test/uploads/a.webp`, bucket)).toBe(false);
    expect(isUploadUrl("/uploads/../secret", bucket)).toBe(false);
    expect(isUploadUrl("/default-product.svg")).toBe(false);
  });

  it("put each variant below the same base", () => {
    expect(variantUrl("/uploads/nested/a.webp", 640)).toBe("/images/640/nested/a.webp");
    expect(variantUrl(`${bucket}/uploads/a.webp`, 320, bucket)).toBe(`${bucket}/images/320/a.webp`);
    expect(variantUrl("/uploads/a.webp", 960, bucket)).toBe("/images/960/a.webp");
  });
});
