import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * Image uploads, as the admin: the file is decoded (its name and declared type are not trusted),
 * SVG (it can carry scripts), HTML dressed up as a PNG and anything over 5 MB are refused and
 * never stored; a real image is re-encoded as WebP and served as an image.
 */
const admin = { email: "uploads-admin@example.com", password: "uploads-admin-pass-1" };
const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
});

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`;
const html = `<!doctype html><html><body><script>fetch("/api/auth/get-session")</script></body></html>`;

let owner: Visitor | undefined;
async function upload(bytes: BlobPart, name: string, type: string) {
  if (!owner) {
    owner = await target.signedIn(admin);
  }
  const form = new FormData();
  form.append("file", new Blob([bytes], { type }), name);
  return owner.request("POST", "/admin/upload", form);
}

async function expectRefused(response: Response, reason: RegExp) {
  expect([400, 413]).toContain(response.status);
  const body = await response.text();
  expect(body).not.toMatch(/"url"|\/uploads\//);
  if (response.status === 400) expect(body).toMatch(reason);
}

describe("uploads", () => {
  it("refuses an SVG, whatever it is called", async () => {
    for (const [name, type] of [
      ["logo.svg", "image/svg+xml"],
      ["logo.png", "image/png"],
    ] as const) {
      await expectRefused(await upload(svg, name, type), /SVG images are not allowed/);
    }
  });

  it("refuses HTML renamed to .png and other files that are not images", async () => {
    await expectRefused(await upload(html, "photo.png", "image/png"), /not a supported image/);
    await expectRefused(await upload("%PDF-1.4 fake", "photo.jpg", "image/jpeg"), /not a supported image/);
  });

  it("refuses a file over 5 MB", async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: "#c00" } })
        .png()
        .toBuffer(),
    );
    await expectRefused(await upload(big, "huge.png", "image/png"), /5 MB or smaller/);
  });

  it("stores a real image as WebP under a new name, served as an image", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    const response = await upload(png, "../../evil.html", "text/html");
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const served = await target.visitor().get(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });
});
