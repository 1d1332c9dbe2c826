import { and, desc, eq } from "drizzle-orm";
import { isSlugLike } from "../../core/text/slug.ts";
import type { Db } from "../db/client.ts";
import { blogPosts } from "../db/schema/index.ts";

export type BlogPost = typeof blogPosts.$inferSelect;

export const listColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  slug: blogPosts.slug,
  featuredImageUrl: blogPosts.featuredImageUrl,
  authorName: blogPosts.authorName,
  publishedAt: blogPosts.publishedAt,
};

export type BlogPostSummary = Pick<BlogPost, keyof typeof listColumns>;

/**
 * Published posts, newest first; `limit` for the home page. A post without a date sorts first
 * (PostgreSQL puts nulls first in descending order), matching the "today" it displays.
 */
export async function listPublishedPosts(db: Db, limit?: number): Promise<BlogPostSummary[]> {
  const query = db
    .select(listColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt));
  return limit === undefined ? query : query.limit(limit);
}

/** One published post by slug; drafts are never shown on the storefront. */
export async function findPublishedPost(db: Db, slug: string): Promise<BlogPost | null> {
  if (!isSlugLike(slug)) return null;
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return post ?? null;
}
