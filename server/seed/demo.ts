import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import {
  createBlogPost,
  createCertificate,
  createCollection,
  createContentCreator,
  createCoupon,
  createPartner,
  createProduct,
  createTestimonial,
} from "../../tests/factories/index.ts";
import { defaultSku } from "../catalog/variants.ts";
import type { Db } from "../db/client.ts";
import { syncProductSummary } from "../db/product-summary.ts";
import { orders, productOptions, products, productVariants, user } from "../db/schema/index.ts";
import { projectRoot } from "../project-root.ts";
import { seedDemoAuthenticity } from "./demo-batches.ts";
import {
  type DemoProduct,
  demoCollections,
  demoPartners,
  demoPosts,
  demoProducts,
  demoTestimonials,
} from "./demo-content.ts";
import { seedDemoLabels } from "./demo-labels.ts";
import { markDemoDatabase } from "./demo-marker.ts";
import { type DemoProductRef, seedDemoOrders } from "./demo-orders.ts";

export const demoImagesDir = path.join(projectRoot, "server/seed/images");

/** The demo creator's sign-in (the shop is a demo; this account exists only in seeded data). */
export const demoCreator = { username: "mountainjoe", password: "summit-demo-2024" } as const;

const DAY = 24 * 60 * 60 * 1000;
const SEED_LOCK_ID = 727_002;

/** What a seed made that the start shows once: the demo customer's sign-in (null without sample sales). */
export type DemoSeedResult = { customer: { name: string; email: string; password: string } | null };

/**
 * Fills an empty shop with believable demo content and marks the database as a demo one. Returns
 * null without touching anything when the products table already has a row. Sample sales (orders,
 * the demo customer and a subscription) are added only when there are no accounts and no orders
 * either. Everything is inserted in one transaction, so a crash never leaves half a seed; a
 * transaction-scoped advisory lock keeps two instances that start together on one PostgreSQL
 * from seeding twice.
 */
export async function seedDemoDataIfEmpty(
  db: Db,
  options: { uploadsDir: string },
): Promise<DemoSeedResult | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ id: products.id }).from(products).limit(1);
    if (existing) return null;

    const upload = await copyDemoFiles(options.uploadsDir);
    const now = Date.now();
    await markDemoDatabase(tx, new Date(now));

    const seededProducts: DemoProductRef[] = [];
    const productIdsBySlug = new Map<string, string>();
    for (const [i, p] of demoProducts.entries()) {
      const { images, moreSizes, ...fields } = p;
      const product = await createProduct(tx, {
        ...fields,
        imageUrls: images.map(upload),
        viewCount: p.initialViewCount,
        // The flagship product is the newest, so lists ordered by creation show it first.
        createdAt: new Date(now - i * 60_000),
      });
      if (moreSizes) await addDemoSizes(tx, product, moreSizes);
      seededProducts.push(product);
      productIdsBySlug.set(product.slug, product.id);
    }
    await seedDemoLabels(tx, productIdsBySlug);
    // Stock is tracked (docs/stock.md), ample so demo shopping and the checkout bench never run out.
    await tx
      .update(productVariants)
      .set({ stockQuantity: DEMO_STOCK })
      .where(
        inArray(
          productVariants.productId,
          seededProducts.map((p) => p.id),
        ),
      );

    for (const [position, c] of demoCollections.entries()) {
      const { image, productSlugs, ...fields } = c;
      const productIds = productSlugs.map((slug) => {
        const id = productIdsBySlug.get(slug);
        if (!id) throw new Error(`demo collection ${c.slug}: no product ${slug}`);
        return id;
      });
      await createCollection(tx, { ...fields, imageUrl: upload(image), position, productIds });
    }

    for (const post of demoPosts) {
      const { image, publishedDaysAgo, ...fields } = post;
      const publishedAt = publishedDaysAgo === null ? null : new Date(now - publishedDaysAgo * DAY);
      await createBlogPost(tx, {
        ...fields,
        authorName: "Peak Shilajit Team",
        featuredImageUrl: upload(image),
        published: publishedAt !== null,
        publishedAt,
        createdAt: publishedAt ?? new Date(now),
      });
    }

    for (const [i, t] of demoTestimonials.entries()) {
      await createTestimonial(tx, {
        name: t.name,
        title: t.title,
        content: t.content,
        rating: t.rating,
        imageUrl: t.avatar ? upload(t.avatar) : null,
        mediaType: t.mediaType,
        mediaUrl: t.media ? upload(t.media) : null,
        createdAt: new Date(now - i * DAY),
      });
    }

    for (const [i, partner] of demoPartners.entries()) {
      await createPartner(tx, {
        name: partner.name,
        logoUrl: upload(partner.logo),
        websiteUrl: partner.websiteUrl,
        description: partner.description,
        createdAt: new Date(now - i * DAY),
      });
    }

    for (const n of [1, 2]) {
      await createCertificate(tx, {
        displayOrder: n,
        title: `Certificate ${n}`,
        imageUrl: upload(`certificate-${n}.webp`),
      });
    }

    await seedDemoAuthenticity(tx, upload);

    const creator = await createContentCreator(tx, {
      username: demoCreator.username,
      password: demoCreator.password,
      fullName: "Joe Alvarez",
      email: "joe@mountainjoe.example.com",
      commissionBasisPoints: 1000,
    });

    const yearFromNow = new Date(now + 365 * DAY);
    await createCoupon(tx, {
      code: "WELCOME10",
      discountType: "percentage",
      discountValueHundredths: 1000,
      validFrom: new Date(now),
      validUntil: yearFromNow,
    });
    await createCoupon(tx, {
      code: "SAVE5",
      discountType: "fixed",
      discountValueHundredths: 500,
      minimumOrderCents: 4000,
      validFrom: new Date(now),
      validUntil: yearFromNow,
      contentCreatorId: creator.id,
    });
    await createCoupon(tx, {
      code: "EXPIRED20",
      discountType: "percentage",
      discountValueHundredths: 2000,
      validFrom: new Date(now - 60 * DAY),
      validUntil: new Date(now - DAY),
    });
    await createCoupon(tx, {
      code: "ONCE15",
      discountType: "percentage",
      discountValueHundredths: 1500,
      usageLimit: 1,
      validFrom: new Date(now),
      validUntil: yearFromNow,
    });
    const customer = (await hasAccountsOrOrders(tx)) ? null : await seedDemoOrders(tx, seededProducts, now);
    return { customer };
  });
}

/** Accounts or orders made before the first start (a test's fixtures, an import) are not mixed with sample sales. */
async function hasAccountsOrOrders(db: Db) {
  const [anyUser] = await db.select({ id: user.id }).from(user).limit(1);
  if (anyUser) return true;
  const [anyOrder] = await db.select({ id: orders.id }).from(orders).limit(1);
  return Boolean(anyOrder);
}

/** Copies every demo file into the uploads folder; returns the public URL for a file name. */
async function copyDemoFiles(uploadsDir: string): Promise<(name: string) => string> {
  await mkdir(uploadsDir, { recursive: true });
  const names = new Set<string>([
    ...demoProducts.flatMap((p) => p.images),
    ...demoPosts.map((p) => p.image),
    ...demoTestimonials.flatMap((t) => [t.avatar, t.media].filter((n): n is string => n !== null)),
    ...demoPartners.map((p) => p.logo),
    "certificate-1.webp",
    "certificate-2.webp",
  ]);
  await Promise.all(
    [...names].map((name) => copyFile(path.join(demoImagesDir, name), path.join(uploadsDir, name))),
  );
  return (name: string) => {
    if (!names.has(name)) throw new Error(`demo file not copied: ${name}`);
    return `/uploads/${name}`;
  };
}

/** Units on hand of every demo variant. */
const DEMO_STOCK = 10_000;

/** More sizes of a demo product: its Size option gains the values, one variant each. */
async function addDemoSizes(
  tx: Db,
  product: { id: string; slug: string; weightType: string },
  sizes: NonNullable<DemoProduct["moreSizes"]>,
) {
  await tx
    .update(productOptions)
    .set({ values: [product.weightType, ...sizes.map((s) => s.title)] })
    .where(eq(productOptions.productId, product.id));
  await tx.insert(productVariants).values(
    sizes.map((size, i) => ({
      productId: product.id,
      sku: defaultSku(product.slug, size.title),
      title: size.title,
      optionValues: [size.title],
      priceCents: size.priceCents,
      compareAtCents: size.compareAtCents,
      position: i + 1,
    })),
  );
  await syncProductSummary(tx, [product.id]);
}
