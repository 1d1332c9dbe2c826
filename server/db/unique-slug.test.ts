import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "../../core/text/slug.ts";
import { createBlogPost, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { blogPosts, products } from "./schema/index.ts";
import { uniqueSlug } from "./unique-slug.ts";

describe("slugify", () => {
  it("lowercases and turns spaces into hyphens", () => {
    expect(slugify("Pure Himalayan Shilajit")).toBe("pure-himalayan-shilajit");
  });

  it("removes non-alphanumeric characters", () => {
    expect(slugify("What Is Shilajit? A Beginner's Guide!")).toBe("what-is-shilajit-a-beginners-guide");
    expect(slugify("Dosage: 300–500mg / day")).toBe("dosage-300500mg-day");
  });

  it("collapses repeated hyphens and trims edge hyphens", () => {
    expect(slugify("  --Fulvic   acid -- explained--  ")).toBe("fulvic-acid-explained");
    expect(slugify("a - b")).toBe("a-b");
  });

  it("folds accents instead of dropping the letter", () => {
    expect(slugify("Café Crème")).toBe("cafe-creme");
  });

  it("gives an empty slug for text without letters or digits", () => {
    expect(slugify("?!  ---")).toBe("");
  });
});

describe("uniqueSlug", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("keeps the base when it is free", async () => {
    expect(await uniqueSlug(database.db, blogPosts, "fresh-title")).toBe("fresh-title");
  });

  it("appends -2, -3… when taken", async () => {
    await createBlogPost(database.db, { slug: "taken" });
    expect(await uniqueSlug(database.db, blogPosts, "taken")).toBe("taken-2");
    await createBlogPost(database.db, { slug: "taken-2" });
    expect(await uniqueSlug(database.db, blogPosts, "taken")).toBe("taken-3");
  });

  it("fills the first gap and ignores look-alike slugs", async () => {
    await createProduct(database.db, { slug: "jar" });
    await createProduct(database.db, { slug: "jar-3" });
    await createProduct(database.db, { slug: "jar-large" });
    expect(await uniqueSlug(database.db, products, "jar")).toBe("jar-2");
  });

  it("treats LIKE wildcards in the base literally", async () => {
    await createProduct(database.db, { slug: "a_b" });
    await createProduct(database.db, { slug: "axb-2" });
    expect(await uniqueSlug(database.db, products, "a_b")).toBe("a_b-2");
  });

  it("lets the row being edited keep its own slug", async () => {
    const post = await createBlogPost(database.db, { slug: "mine" });
    expect(await uniqueSlug(database.db, blogPosts, "mine", { exceptId: post.id })).toBe("mine");
  });

  it("uses 'untitled' for an empty base", async () => {
    expect(await uniqueSlug(database.db, products, "")).toBe("untitled");
  });
});
