import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import {
  blogPostInputSchema,
  createAdminPost,
  deleteAdminPost,
  setPostPublished,
  updateAdminPost,
} from "./admin-blog.ts";
import { findPublishedPost } from "./blog.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const input = (overrides: Record<string, unknown> = {}) =>
  blogPostInputSchema.parse({
    title: "Morning  Rituals!",
    slug: "",
    excerpt: "",
    content: "Body",
    featuredImageUrl: "",
    authorName: "",
    published: false,
    seoTitle: "",
    seoDescription: "",
    seoKeywords: ["", "shilajit", " "],
    ...overrides,
  });

describe("admin blog posts", () => {
  it("requires title and content", () => {
    const result = blogPostInputSchema.safeParse({ ...input(), title: " ", content: "" });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Title is required", "Content is required"]);
  });

  it("makes a unique slug from the title, defaults the author and drops blank keywords", async () => {
    const first = await createAdminPost(database.db, input());
    const second = await createAdminPost(database.db, input());
    expect(first).toMatchObject({ slug: "morning-rituals", authorName: "Admin", seoKeywords: ["shilajit"] });
    expect(second.slug).toBe("morning-rituals-2");
  });

  it("keeps the slug when the title changes, and publishing shows the post on the storefront", async () => {
    const post = await createAdminPost(database.db, input({ title: "Draft Post" }));
    const updated = await updateAdminPost(
      database.db,
      post.id,
      input({ title: "Renamed", slug: "draft-post" }),
    );
    expect(updated?.slug).toBe("draft-post");
    expect(await findPublishedPost(database.db, "draft-post")).toBeNull();

    await setPostPublished(database.db, post.id, true);
    expect((await findPublishedPost(database.db, "draft-post"))?.publishedAt).toBeInstanceOf(Date);
    await setPostPublished(database.db, post.id, false);
    expect(await findPublishedPost(database.db, "draft-post")).toBeNull();
    expect(await deleteAdminPost(database.db, post.id)).toBe(true);
  });
});
