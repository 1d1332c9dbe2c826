import { and, desc, eq, inArray } from "drizzle-orm";
import { listHomeProducts } from "../catalog/product-list.ts";
import type { Db } from "../db/client.ts";
import { certificates, partners, testimonials } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import { listPublishedPosts } from "./blog.ts";
import { listOrEmpty } from "./list-or-empty.ts";

/** How much of each list the home page shows (spec: business constants). */
export const HOME_LIMITS = { posts: 3, testimonials: 6, partners: 8 } as const;

/**
 * The home page's content: only active or published rows, newest first. With a logger, a list
 * that cannot be read is logged and comes back empty (spec 8), so the other sections still show;
 * `complete` then says false (the page is not cached that way).
 */
export async function loadHomeContent(db: Db, log?: Logger) {
  let complete = true;
  const list = <T>(what: string, load: Promise<T[]>) =>
    log
      ? listOrEmpty(
          log,
          what,
          load.catch((error) => {
            complete = false;
            throw error;
          }),
          [],
        )
      : load;
  const [certificateRows, testimonialRows, partnerRows, posts, productRows] = await Promise.all([
    list(
      "certificates",
      db
        .select({
          displayOrder: certificates.displayOrder,
          title: certificates.title,
          imageUrl: certificates.imageUrl,
        })
        .from(certificates)
        .where(and(eq(certificates.active, true), inArray(certificates.displayOrder, [1, 2])))
        .orderBy(certificates.displayOrder),
    ),
    list(
      "testimonials",
      db
        .select()
        .from(testimonials)
        .where(eq(testimonials.active, true))
        .orderBy(desc(testimonials.createdAt))
        .limit(HOME_LIMITS.testimonials),
    ),
    list(
      "partners",
      db
        .select()
        .from(partners)
        .where(eq(partners.active, true))
        .orderBy(desc(partners.createdAt))
        .limit(HOME_LIMITS.partners),
    ),
    list("blog posts", listPublishedPosts(db, HOME_LIMITS.posts)),
    list("products", listHomeProducts(db)),
  ]);
  return {
    certificates: certificateRows,
    testimonials: testimonialRows,
    partners: partnerRows,
    posts,
    products: productRows,
    complete,
  };
}
