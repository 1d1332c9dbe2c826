import { describe, expect, it } from "vitest";
import { createUser } from "../factories/index.ts";
import { expectTooLarge, setupTarget, type Visitor } from "./support.ts";

/**
 * The catalog CSV import and export (/admin/products/import, /admin/products/export.csv) attacked
 * over HTTP: a role that may not edit products, a 50 MB upload, a product whose texts are
 * formulas for the export's spreadsheet, and an HTML body carrying scripts to the storefront.
 */
const admin = { email: "catalog-admin@example.com", password: "catalog-admin-pass-1" };
const content = { email: "catalog-content@example.com", password: "catalog-content-pass-1" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    await createUser(db, { ...content, name: "Content Editor", role: "admin", staffRole: "content" });
  },
});

const HEADER =
  "Handle,Title,Body (HTML),Tags,Option1 Name,Option1 Value,Variant SKU,Variant Price,Status\r\n";

function upload(csv: string | Blob, intent = "preview") {
  const form = new FormData();
  form.append("intent", intent);
  form.append("file", csv instanceof Blob ? csv : new Blob([csv], { type: "text/csv" }), "products.csv");
  return form;
}

/** Preview then import, as the page's two buttons do; the page's HTML after each. */
async function importCsv(office: Visitor, csv: string) {
  const preview = await office.request("POST", "/admin/products/import", upload(csv));
  const html = await preview.text();
  expect(preview.status, html.slice(0, 300)).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  expect(token, "the preview offers the import").toBeTruthy();
  const done = await office.postForm("/admin/products/import", { intent: "apply", token: token! });
  expect(done.status).toBe(200);
  return done.text();
}

describe("catalog CSV import and export", () => {
  it("refuses a role without product editing: no page, no preview, no import", async () => {
    const editor = await target.signedIn(content);
    expect((await editor.get("/admin/products/import")).status).toBe(403);
    const posted = await editor.request(
      "POST",
      "/admin/products/import",
      upload(`${HEADER}x,X,,,Title,Default Title,X-1,1.00,active\r\n`),
    );
    expect(posted.status).toBe(403);
    const office = await target.signedIn(admin);
    expect(await (await office.get("/admin/products/export.csv")).text()).not.toContain("X-1");
  });

  it("refuses a 50 MB upload with a message the admin can act on", async () => {
    const office = await target.signedIn(admin);
    const big = new Blob([new Uint8Array(50 * 1024 * 1024).fill(0x61)], { type: "text/csv" });
    await expectTooLarge(
      office.request("POST", "/admin/products/import", upload(big)),
      "The file must be 20 MB or smaller",
    );
  });

  it("a second import of the same preview is refused (twice at once imports once)", async () => {
    const office = await target.signedIn(admin);
    const preview = await office.request(
      "POST",
      "/admin/products/import",
      upload(`${HEADER}once,Once,,,Title,Default Title,ONCE-1,2.00,active\r\n`),
    );
    const token = /name="token" value="([^"]+)"/.exec(await preview.text())![1]!;
    const [a, b] = await Promise.all([
      office.postForm("/admin/products/import", { intent: "apply", token }),
      office.postForm("/admin/products/import", { intent: "apply", token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(
      (await office.postForm("/admin/products/import", { intent: "apply", token: "../../etc/passwd" }))
        .status,
    ).toBe(409);
  });

  it("cleans scripts out of HTML bodies: the storefront shows the words only", async () => {
    const office = await target.signedIn(admin);
    const body = `"<script>alert(1)</script><p>Safe words</p><img src=x onerror=alert(2)><a href=""javascript:alert(3)"">link</a>"`;
    const html = await importCsv(
      office,
      `${HEADER}hostile-body,Hostile Body,${body},,Title,Default Title,HB-1,5.00,active\r\n`,
    );
    // React separates the text's parts with comments in server-rendered HTML.
    expect(html).toMatch(/Created(<!-- -->)? \((<!-- -->)?1(<!-- -->)?\)/);
    const page = await (await target.visitor().get("/products/hostile-body")).text();
    expect(page).toContain("Safe words");
    expect(page).not.toMatch(/alert\(|onerror|javascript:/);
  });

  it("neutralises formula injection in the export", async () => {
    const office = await target.signedIn(admin);
    await importCsv(
      office,
      `${HEADER}formula,"=cmd|' /C calc'!A0",,"+tag, @mention",Title,Default Title,FX-1,5.00,active\r\n`,
    );
    const csv = await (await office.get("/admin/products/export.csv")).text();
    const line = csv.split("\r\n").find((l) => l.startsWith("formula,"))!;
    expect(line).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(line).toContain(`"'+tag, @mention"`);
    // No comma-separated piece of the line starts a formula outside quotes.
    expect(line.split(",").filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });
});
