import { describe, expect, it } from "vitest";
import { createBlogPost } from "../factories/content.ts";
import { adminEnv, testAdmin } from "../support/e2e-helpers.ts";
import { setupTarget } from "./support.ts";

// A post saved before the nesting limit existed (its HTML not stored yet): the worst case a view meets.
const legacySlug = "deeply-nested-legacy-post";
const target = setupTarget({
  env: adminEnv,
  prepare: async (db) => {
    await createBlogPost(db, { slug: legacySlug, content: `${">".repeat(5000)} hello` });
  },
});

const DEEP = ">".repeat(5000);
const NESTED_MESSAGE = "Content is nested too deeply";

async function admin() {
  const visitor = await target.signedIn(testAdmin);
  return visitor;
}

describe("Markdown nesting (stack overflow denial of service)", () => {
  it("the admin preview refuses deeply nested Markdown with a clear message instead of a 500", async () => {
    const response = await (await admin()).postForm("/admin/blog/new", {
      intent: "preview",
      title: "Deep",
      content: DEEP,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(NESTED_MESSAGE);
  });

  it("the preview is capped like the post body", async () => {
    const response = await (await admin()).postForm("/admin/blog/new", {
      intent: "preview",
      title: "Long",
      content: "word ".repeat(50_000),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Content is too long");
  });

  it("saving refuses the nesting, keeps what was typed, and publishes nothing", async () => {
    const response = await (await admin()).postForm("/admin/blog/new", {
      title: "Nested attack post",
      content: DEEP,
      published: "on",
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(NESTED_MESSAGE);
    expect(page).toContain("Nested attack post");
    const blog = await (await target.visitor().get("/blog")).text();
    expect(blog).not.toContain("Nested attack post");
  });

  it("a published post saved before the limit is served to anonymous visitors (200) every time", async () => {
    const visitor = target.visitor();
    for (let view = 0; view < 3; view++) {
      const response = await visitor.get(`/blog/${legacySlug}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("hello");
    }
    const views = await Promise.all(
      Array.from({ length: 5 }, () => visitor.get(`/blog/${legacySlug}`).then((r) => r.status)),
    );
    const health = await visitor.get("/healthz");
    expect(views).toEqual([200, 200, 200, 200, 200]);
    expect(health.status).toBe(200);
  });
});
