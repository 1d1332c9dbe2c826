import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt, id, textList, updatedAt } from "./columns.ts";

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt").notNull().default(""),
    /** Markdown; rendered without raw HTML. */
    content: text("content").notNull(),
    /** The content rendered once at save (server/content/markdown-limits.ts); null until then. */
    contentHtml: text("content_html"),
    featuredImageUrl: text("featured_image_url"),
    authorName: text("author_name").notNull().default("Admin"),
    published: boolean("published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    seoKeywords: textList("seo_keywords"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blog_posts_published_idx").on(t.published, t.publishedAt.desc()),
    index("blog_posts_created_at_idx").on(t.createdAt.desc()),
  ],
);

export const testimonialMediaType = pgEnum("testimonial_media_type", ["none", "image", "video"]);

export const testimonials = pgTable(
  "testimonials",
  {
    id: id(),
    name: text("name").notNull(),
    title: text("title"),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    rating: smallint("rating").notNull().default(5),
    mediaType: testimonialMediaType("media_type").notNull().default("none"),
    mediaUrl: text("media_url"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("testimonials_active_created_idx").on(t.active, t.createdAt.desc()),
    check("testimonials_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

export const partners = pgTable(
  "partners",
  {
    id: id(),
    name: text("name").notNull(),
    logoUrl: text("logo_url"),
    websiteUrl: text("website_url"),
    description: text("description"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("partners_active_created_idx").on(t.active, t.createdAt.desc())],
);

/** Two fixed slots on the home page: display order 1 and 2. */
export const certificates = pgTable(
  "certificates",
  {
    id: id(),
    title: text("title").notNull(),
    imageUrl: text("image_url").notNull(),
    displayOrder: integer("display_order").notNull().unique(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check("certificates_display_order_slot", sql`${t.displayOrder} in (1, 2)`)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt.desc())],
);
