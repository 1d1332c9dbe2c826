import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { imageUrlField } from "../../core/forms/admin-fields.ts";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "../../core/text/seo-limits.ts";
import { slugify } from "../../core/text/slug.ts";
import { deleteTracked, recordCreated, type Tracked, updateTracked } from "../audit/tracked.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { blogPosts } from "../db/schema/index.ts";
import { uniqueSlug } from "../db/unique-slug.ts";
import type { ImageSizes } from "./markdown.ts";
import { markdownProblem, storedPostHtml } from "./markdown-limits.ts";

export const blogPostInputSchema = z.object({
  title: z.string().trim().min(1, "Title is required").max(200, "Title must be at most 200 characters"),
  slug: z.string().trim().max(200).default(""),
  excerpt: z.string().trim().max(1000, "Excerpt must be at most 1000 characters").default(""),
  content: z
    .string()
    .trim()
    .min(1, "Content is required")
    .superRefine((content, ctx) => {
      const problem = markdownProblem(content);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  featuredImageUrl: imageUrlField.default(""),
  authorName: z
    .string()
    .trim()
    .max(100)
    .transform((v) => v || "Admin"),
  published: z.boolean(),
  seoTitle: z.string().trim().max(SEO_TITLE_MAX, `SEO title must be at most ${SEO_TITLE_MAX} characters`),
  seoDescription: z
    .string()
    .trim()
    .max(SEO_DESCRIPTION_MAX, `SEO description must be at most ${SEO_DESCRIPTION_MAX} characters`),
  seoKeywords: z.array(z.string().trim().max(100)).transform((items) => items.filter(Boolean)),
});

export type BlogPostInput = z.output<typeof blogPostInputSchema>;
export type AdminBlogPost = typeof blogPosts.$inferSelect;

export function listAdminPosts(db: Db): Promise<AdminBlogPost[]> {
  return db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt));
}

export async function getAdminPost(db: Db, id: string): Promise<AdminBlogPost | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row ?? null;
}

function columns(input: BlogPostInput, imageSizes?: ImageSizes) {
  const { slug: _slug, ...fields } = input;
  return {
    ...fields,
    // Rendered once here, so a storefront view never runs the Markdown parser.
    contentHtml: storedPostHtml(input.content, imageSizes),
    featuredImageUrl: input.featuredImageUrl || null,
    seoTitle: input.seoTitle || null,
    seoDescription: input.seoDescription || null,
  };
}

/** A new post; the slug is the given one or made from the title, unique either way. */
export async function createAdminPost(
  db: Db,
  input: BlogPostInput,
  now = new Date(),
  imageSizes?: ImageSizes,
): Promise<AdminBlogPost> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPosts)
      .values({
        ...columns(input, imageSizes),
        slug: await uniqueSlug(tx, blogPosts, slugify(input.slug || input.title)),
        publishedAt: input.published ? now : null,
      })
      .returning();
    await recordCreated(tx, row!, trackedPost);
    return row!;
  });
}

/**
 * Saves over a post. The slug is not regenerated from a changed title (links keep working); a
 * blank slug field is filled from the title. Publishing stamps published_at once; unpublishing clears it.
 */
export async function updateAdminPost(
  db: Db,
  id: string,
  input: BlogPostInput,
  now = new Date(),
  imageSizes?: ImageSizes,
): Promise<AdminBlogPost | null> {
  const current = await getAdminPost(db, id);
  if (!current) return null;
  const wanted = slugify(input.slug || input.title);
  const slug =
    wanted === current.slug ? current.slug : await uniqueSlug(db, blogPosts, wanted, { exceptId: id });
  return updateTracked(
    db,
    blogPosts,
    id,
    {
      ...columns(input, imageSizes),
      slug,
      publishedAt: input.published ? (current.publishedAt ?? now) : null,
    },
    trackedPost,
  );
}

/** The list's publish/unpublish toggle. */
export async function setPostPublished(db: Db, id: string, published: boolean, now = new Date()) {
  if (!isUuid(id)) return false;
  const row = await updateTracked(
    db,
    blogPosts,
    id,
    { published, publishedAt: published ? now : null },
    trackedPost,
    published ? "publish" : "unpublish",
  );
  return row !== null;
}

export async function deleteAdminPost(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return deleteTracked(db, blogPosts, id, trackedPost);
}

/** Blog posts in the audit log, by title. */
const trackedPost: Tracked<typeof blogPosts> = { entityType: "blog-post", label: (p) => p.title };
