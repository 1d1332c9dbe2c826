import { eq } from "drizzle-orm";
import { isSlugLike, slugify } from "../../../core/text/slug.ts";
import type { Db } from "../../db/client.ts";
import {
  blogPosts,
  certificates,
  contactMessages,
  partners,
  testimonials,
  validityCodes,
} from "../../db/schema/index.ts";
import { uniqueSlug } from "../../db/unique-slug.ts";
import { type ImportContext, importTable, type RowOutcome, RowRefused } from "./context.ts";
import { importedId, newIdFor, rememberImport } from "./ids.ts";
import type { LegacyRow } from "./source.ts";
import { toBoolean, toDate, toInteger, toText, toTextList } from "./values.ts";

type Table =
  | typeof blogPosts
  | typeof testimonials
  | typeof partners
  | typeof certificates
  | typeof contactMessages
  | typeof validityCodes;

/** Insert or update one row by the id the old one maps to (the same steps for every content table). */
async function upsert(
  db: Db,
  source: string,
  table: Table,
  oldId: string,
  fields: Record<string, unknown>,
  createdAt: Date,
): Promise<RowOutcome> {
  const existingId = await importedId(db, source, oldId);
  if (existingId) {
    await db.update(table).set(fields).where(eq(table.id, existingId));
    return "updated";
  }
  const id = newIdFor(source, oldId);
  await db.insert(table).values({ id, ...fields, createdAt } as never);
  await rememberImport(db, source, oldId, id);
  return "imported";
}

export async function importContent(ctx: ImportContext) {
  const created = (row: LegacyRow) => toDate(row.created_at) ?? ctx.now;

  // The post body stays as written; its HTML is rendered (Markdown, no raw HTML) on first view.
  await importTable(ctx, "public", "blog_posts", async (db, row, oldId) => {
    const title = toText(row.title);
    const content = toText(row.content);
    if (!title || !content) throw new RowRefused("no title or no content");
    const slug = await postSlug(ctx, db, row, title, oldId);
    const published = toBoolean(row.published, false);
    return upsert(
      db,
      "blog_posts",
      blogPosts,
      oldId,
      {
        title,
        slug,
        excerpt: toText(row.excerpt) ?? "",
        content,
        contentHtml: null,
        featuredImageUrl: await ctx.media.url(db, toText(row.featured_image_url)),
        authorName: toText(row.author_name) ?? "Admin",
        published,
        publishedAt: toDate(row.published_at) ?? (published ? created(row) : null),
        seoTitle: toText(row.seo_title),
        seoDescription: toText(row.seo_description),
        seoKeywords: toTextList(row.seo_keywords),
      },
      created(row),
    );
  });

  await importTable(ctx, "public", "testimonials", async (db, row, oldId) => {
    const name = toText(row.name);
    const content = toText(row.content);
    if (!name || !content) throw new RowRefused("no name or no content");
    const mediaType = toText(row.media_type) ?? "none";
    return upsert(
      db,
      "testimonials",
      testimonials,
      oldId,
      {
        name,
        title: toText(row.title),
        content,
        imageUrl: await ctx.media.url(db, toText(row.image_url)),
        rating: Math.min(Math.max(toInteger(row.rating, 5), 1), 5),
        mediaType: ["image", "video"].includes(mediaType) ? mediaType : "none",
        mediaUrl: await ctx.media.url(db, toText(row.media_url)),
        active: toBoolean(row.active, true),
      },
      created(row),
    );
  });

  await importTable(ctx, "public", "partners", async (db, row, oldId) => {
    const name = toText(row.name);
    if (!name) throw new RowRefused("no name");
    return upsert(
      db,
      "partners",
      partners,
      oldId,
      {
        name,
        logoUrl: await ctx.media.url(db, toText(row.logo_url)),
        websiteUrl: toText(row.website_url),
        description: toText(row.description),
        active: toBoolean(row.active, true),
      },
      created(row),
    );
  });

  await importTable(ctx, "public", "certificates", async (db, row, oldId) => {
    const displayOrder = toInteger(row.display_order, 0);
    if (displayOrder !== 1 && displayOrder !== 2)
      throw new RowRefused(`display_order must be 1 or 2: ${String(row.display_order)}`);
    const imageUrl = await ctx.media.url(db, toText(row.image_url));
    if (!imageUrl) throw new RowRefused("no image");
    const [slotTaken] = await db
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.displayOrder, displayOrder));
    const mine = await importedId(db, "certificates", oldId);
    if (slotTaken && slotTaken.id !== mine)
      throw new RowRefused(`slot ${displayOrder} already holds a certificate`);
    return upsert(
      db,
      "certificates",
      certificates,
      oldId,
      {
        title: toText(row.title) ?? `Certificate ${displayOrder}`,
        imageUrl,
        displayOrder,
        active: toBoolean(row.active, true),
      },
      created(row),
    );
  });

  await importTable(ctx, "public", "validity_codes", async (db, row, oldId) => {
    const code = toText(row.code);
    if (!code) throw new RowRefused("no code");
    const [same] = await db
      .select({ id: validityCodes.id })
      .from(validityCodes)
      .where(eq(validityCodes.code, code));
    if (same && same.id !== (await importedId(db, "validity_codes", oldId)))
      throw new RowRefused(`code ${code} is already listed`);
    return upsert(
      db,
      "validity_codes",
      validityCodes,
      oldId,
      {
        code,
        productName: toText(row.product_name) ?? "Default Product",
      },
      created(row),
    );
  });

  await importTable(ctx, "public", "contacts", async (db, row, oldId) => {
    const email = toText(row.email);
    const message = toText(row.message);
    if (!email || !message) throw new RowRefused("no email or no message");
    return upsert(
      db,
      "contacts",
      contactMessages,
      oldId,
      {
        name: toText(row.name) ?? "",
        email,
        phone: toText(row.phone) ?? "",
        message,
      },
      created(row),
    );
  });
}

/** The old slug when valid and free, so /blog/{slug} keeps working; else a new one, noted. */
async function postSlug(ctx: ImportContext, db: Db, row: LegacyRow, title: string, oldId: string) {
  const old = toText(row.slug);
  const mine = await importedId(db, "blog_posts", oldId);
  const wanted = old && isSlugLike(old) ? old : slugify(old ?? title);
  const slug = await uniqueSlug(db, blogPosts, wanted, mine ? { exceptId: mine } : {});
  if (slug !== old) ctx.report.note(`blog post "${title}": slug "${old ?? ""}" became "${slug}"`);
  return slug;
}
