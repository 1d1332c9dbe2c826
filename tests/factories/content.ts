import { slugify } from "../../core/text/slug.ts";
import type { Db } from "../../server/db/client.ts";
import {
  blogPosts,
  certificates,
  contactMessages,
  partners,
  testimonials,
} from "../../server/db/schema/index.ts";
import { uniqueSuffix } from "./unique.ts";

export type BlogPost = typeof blogPosts.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type Partner = typeof partners.$inferSelect;
export type Certificate = typeof certificates.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * A published post by default (published_at = now); pass `published: false` for a draft,
 * whose published_at then defaults to null.
 */
export async function createBlogPost(
  db: Db,
  overrides: Partial<typeof blogPosts.$inferInsert> = {},
): Promise<BlogPost> {
  const suffix = uniqueSuffix();
  const title = overrides.title ?? `How to Take Shilajit Resin ${suffix}`;
  const published = overrides.published ?? true;
  const [row] = await db
    .insert(blogPosts)
    .values({
      title,
      slug: overrides.slug ?? `${slugify(title)}-${suffix}`.replace(/-+/g, "-"),
      excerpt: "A short guide to dosing, timing and choosing a genuine Himalayan resin.",
      content:
        "## Start small\n\nDissolve a pea-sized portion (300–500mg) in warm water or tea.\n\n- Take it in the morning\n- Stay consistent for a few weeks\n",
      authorName: "Admin",
      seoTitle: `Peak Shilajit - ${title}`.slice(0, 60),
      seoDescription: "A short guide to dosing, timing and choosing a genuine Himalayan shilajit resin.",
      seoKeywords: ["shilajit", "how to take shilajit"],
      ...overrides,
      published,
      publishedAt:
        overrides.publishedAt !== undefined ? overrides.publishedAt : published ? new Date() : null,
    })
    .returning();
  return row!;
}

export async function createTestimonial(
  db: Db,
  overrides: Partial<typeof testimonials.$inferInsert> = {},
): Promise<Testimonial> {
  const [row] = await db
    .insert(testimonials)
    .values({
      name: `Sam Carter ${uniqueSuffix()}`,
      title: "Verified buyer",
      content: "I take a small piece in my morning tea. More steady energy through the afternoon, no crash.",
      rating: 5,
      mediaType: "none",
      active: true,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createPartner(
  db: Db,
  overrides: Partial<typeof partners.$inferInsert> = {},
): Promise<Partner> {
  const [row] = await db
    .insert(partners)
    .values({
      name: `Summit Wellness ${uniqueSuffix()}`,
      websiteUrl: "https://example.com",
      description: "An independent wellness store carrying our resin.",
      active: true,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A certificate in the first free slot (1, then 2) unless `displayOrder` is given;
 * the title follows the slot ('Certificate {n}') as the admin spec says.
 */
export async function createCertificate(
  db: Db,
  overrides: Partial<typeof certificates.$inferInsert> = {},
): Promise<Certificate> {
  let displayOrder = overrides.displayOrder;
  if (displayOrder === undefined) {
    const used = new Set(
      (await db.select({ n: certificates.displayOrder }).from(certificates)).map((r) => r.n),
    );
    displayOrder = used.has(1) ? 2 : 1;
  }
  const [row] = await db
    .insert(certificates)
    .values({
      title: `Certificate ${displayOrder}`,
      imageUrl: `/uploads/certificate-${displayOrder}.webp`,
      active: true,
      ...overrides,
      displayOrder,
    })
    .returning();
  return row!;
}

export async function createContactMessage(
  db: Db,
  overrides: Partial<typeof contactMessages.$inferInsert> = {},
): Promise<ContactMessage> {
  const suffix = uniqueSuffix();
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: "Jordan Miles",
      email: `jordan.${suffix}@example.com`,
      phone: "+1 214 555 0142",
      message: "Hi, do you ship to Canada, and how long does a 30g jar usually last?",
      ...overrides,
    })
    .returning();
  return row!;
}
