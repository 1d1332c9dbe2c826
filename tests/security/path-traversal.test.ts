import { readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTarget } from "./support.ts";

/**
 * Path traversal on everything that maps a URL to a file: /uploads/*, /images/:width/*, /assets/*
 * and the other static files of the client build. Canary files sit just outside each root (in
 * DATA_DIR next to uploads/, and the server build next to the client build); no spelling of
 * "go up a folder" may reach them, and none answers a 500.
 */
const target = setupTarget({ seed: "none" });
const canary = `traversal-canary-${Date.now()}`;
const serverBuild = readFileSync(path.resolve("build/server/index.js"), "utf8").slice(0, 300);

beforeAll(async () => {
  writeFileSync(path.join(target.app.dataDir, "canary.txt"), canary);
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123" } })
    .png()
    .toBuffer();
  writeFileSync(path.join(target.app.dataDir, "outside.png"), png);
  writeFileSync(path.join(target.app.dataDir, "uploads", "inside.png"), png);
});

/** A GET with the path sent exactly as written (fetch and URL would resolve the dots first). */
function rawGet(rawPath: string, method = "GET"): Promise<{ status: number; body: string; type: string }> {
  const { hostname, port } = new URL(target.app.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method }, (res) => {
      let body = "";
      res.setEncoding("latin1");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body, type: String(res.headers["content-type"] ?? "") }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** "Up one folder" in the spellings attackers try. */
const up = [
  "../",
  "..%2f",
  "..%2F",
  "%2e%2e/",
  "%2e%2e%2f",
  ".%2e/",
  "..%5c",
  "..\\",
  "%252e%252e%252f",
  "....//",
  "%c0%ae%c0%ae/",
  "..;/",
];

async function expectNotServed(rawPath: string, secret: string) {
  const response = await rawGet(rawPath);
  expect(response.status, rawPath).toBeGreaterThanOrEqual(400);
  expect(response.status, rawPath).toBeLessThan(500);
  expect(response.body, rawPath).not.toContain(secret);
  expect((await rawGet(rawPath, "HEAD")).status, `HEAD ${rawPath}`).toBeGreaterThanOrEqual(400);
  return response;
}

describe("path traversal", () => {
  it("serves the files inside each root normally (so the refusals below are about the path)", async () => {
    expect((await rawGet("/favicon.svg")).status).toBe(200);
    expect((await rawGet("/uploads/inside.png")).status).toBe(200);
    const variant = await rawGet("/images/640/inside.png");
    expect(variant.status).toBe(200);
    expect(variant.type).toBe("image/webp");
  });

  it("keeps /uploads inside the uploads folder", async () => {
    for (const step of up) {
      await expectNotServed(`/uploads/${step}canary.txt`, canary);
      await expectNotServed(`/uploads/x/${step}${step}canary.txt`, canary);
    }
    await expectNotServed("/uploads/..%2fcanary.txt%00.png", canary);
    await expectNotServed("/uploads/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd", "root:");
    await expectNotServed("/uploads//etc/passwd", "root:");
  });

  it("keeps /images/:width inside the uploads folder", async () => {
    for (const step of up) {
      const response = await expectNotServed(`/images/640/${step}outside.png`, "RIFF");
      expect(response.type, step).not.toBe("image/webp");
    }
    for (const raw of ["/images/640/%2fetc%2fpasswd", "/images/640/..%00/outside.png", "/images/640/%00"]) {
      const response = await expectNotServed(raw, "root:");
      expect(response.type, raw).not.toBe("image/webp");
    }
  });

  it("keeps /assets and the other static files inside the client build", async () => {
    for (const step of up) {
      for (const prefix of ["/assets/", "/", "/assets/x/"]) {
        await expectNotServed(`${prefix}${step}server/index.js`, serverBuild);
        await expectNotServed(`${prefix}${step}${step}server/index.js`, serverBuild);
        await expectNotServed(`${prefix}${step}${step}${step}package.json`, '"name": "shilajit-shop"');
      }
    }
    await expectNotServed("/%2e%2e%2f%2e%2e%2fpackage.json%00", '"name": "shilajit-shop"');
  });
});
