import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { blogPosts } from "../db/schema/index.ts";
import type { BlogPost } from "./blog.ts";
import { storedPostHtml } from "./markdown-limits.ts";

/**
 * A post's stored HTML. Posts saved before the HTML was stored (migration 0004) get it rendered
 * once, on their first view, within the nesting limits, and stored; later views only read it.
 */
export async function postHtml(db: Db, post: Pick<BlogPost, "id" | "content" | "contentHtml">) {
  if (post.contentHtml !== null) return post.contentHtml;
  const html = storedPostHtml(post.content);
  await db.update(blogPosts).set({ contentHtml: html }).where(eq(blogPosts.id, post.id));
  return html;
}
