import { describe, expect, it } from "vitest";
import { createUser } from "../factories/index.ts";
import { adminEnv, testAdmin } from "../support/e2e-helpers.ts";
import { setupTarget, type Visitor } from "./support.ts";

const customer = { email: "policy-reader@example.com", password: "policy-reader-pass-1" };
const target = setupTarget({
  env: adminEnv,
  prepare: async (db) => {
    await createUser(db, customer);
  },
});

/** The version in force of the terms, as the editor posts it back (its hidden field). */
async function termsBaseVersion(admin: Visitor) {
  const html = await (await admin.get("/admin/policies/terms")).text();
  return /name="baseVersion" value="(\d+)"/.exec(html)![1]!;
}

describe("policy pages under attack", () => {
  it("the policy admin refuses anonymous visitors and customers, and changes nothing", async () => {
    const shopper = await target.signedIn(customer);
    for (const visitor of [target.visitor(), shopper]) {
      for (const path of ["/admin/policies", "/admin/policies/terms"]) {
        const page = await visitor.get(path);
        expect([302, 303, 401, 403]).toContain(page.status);
        expect(await page.text()).not.toContain("Version history");
      }
      const post = await visitor.postForm("/admin/policies/terms", {
        body: "Hijacked terms",
        baseVersion: "1",
      });
      expect(post.status).not.toBe(200);
    }
    expect(await (await target.visitor().get("/policies/terms")).text()).not.toContain("Hijacked terms");
  });

  it("script and HTML in the Markdown are shown as text, and script links are dropped", async () => {
    const admin = await target.signedIn(testAdmin);
    const body = [
      "<script>window.pwned = 1</script>",
      '<img src="x" onerror="window.pwned = 1">',
      "[Click me](javascript:window.pwned=1) and [tab](java\tscript:alert(1))",
    ].join("\n\n");
    const saved = await admin.postForm("/admin/policies/terms", {
      intent: "save",
      body,
      baseVersion: await termsBaseVersion(admin),
    });
    expect(saved.status).toBe(302);
    const page = await (await target.visitor().get("/policies/terms")).text();
    expect(page).toContain("&lt;script&gt;window.pwned = 1&lt;/script&gt;");
    expect(page).not.toMatch(/<script>window\.pwned|<img src="x"|href="java/i);
    expect(page).toContain("Click me");
  });

  it("an oversized policy is refused with a message and what was typed is kept; a 2 MB body never reaches it", async () => {
    const admin = await target.signedIn(testAdmin);
    const baseVersion = await termsBaseVersion(admin);
    const tooLong = `${"Long clause. ".repeat(4000)}END-OF-TYPED-TEXT`;
    const refused = await admin.postForm("/admin/policies/terms", {
      intent: "save",
      body: tooLong,
      baseVersion,
    });
    expect(refused.status).toBe(400);
    const answer = await refused.text();
    expect(answer).toContain("The policy must be at most 50,000 characters");
    expect(answer).toContain("END-OF-TYPED-TEXT");
    const preview = await admin.postForm("/admin/policies/terms", {
      intent: "preview",
      body: tooLong,
      baseVersion,
    });
    expect(preview.status).toBe(400);

    const huge = await admin.postForm("/admin/policies/terms", {
      body: "x".repeat(2 * 1024 * 1024),
      baseVersion,
    });
    expect(huge.status).toBe(413);
    expect(await termsBaseVersion(admin)).toBe(baseVersion);
  });

  it("a stale edit (another admin saved meanwhile) is refused, not silently overwritten", async () => {
    const admin = await target.signedIn(testAdmin);
    const stale = String(Number(await termsBaseVersion(admin)) - 1);
    const response = await admin.postForm("/admin/policies/terms", {
      intent: "save",
      body: "Old edit",
      baseVersion: stale,
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("saved by someone else meanwhile");
  });

  it("an unknown policy slug answers 404 on the storefront and in the back office", async () => {
    const admin = await target.signedIn(testAdmin);
    for (const path of ["/policies/cookies", "/policies/..%2Fterms", "/policies/terms%00"]) {
      expect((await target.visitor().get(path)).status, path).toBe(404);
    }
    expect((await admin.get("/admin/policies/cookies")).status).toBe(404);
    const post = await admin.postForm("/admin/policies/cookies", { body: "New policy", baseVersion: "0" });
    expect(post.status).toBe(404);
  });
});
