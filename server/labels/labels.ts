import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { ProductLabelInput, SupplementFactsInput } from "../../core/forms/supplement-label-form.ts";
import { PROP65_ENDPOINTS, type Prop65Endpoint } from "../../core/legal/prop65.ts";
import type { SupplementFacts } from "../../core/legal/supplement-facts.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { productLabels, products, productVariants, supplementFacts } from "../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";

export type Prop65Setting = { chemicals: string[]; endpoint: Prop65Endpoint } | null;

/** Everything a product's label shows: facts (the product's and variants' own), claims, Prop 65. */
export type ProductLabel = {
  facts: SupplementFacts | null;
  variantFacts: Record<string, SupplementFacts>;
  claims: string[];
  prop65: Prop65Setting;
};

const factsColumns = {
  variantId: supplementFacts.variantId,
  servingSize: supplementFacts.servingSize,
  servingsPerContainer: supplementFacts.servingsPerContainer,
  ingredients: supplementFacts.ingredients,
  otherIngredients: supplementFacts.otherIngredients,
  directions: supplementFacts.directions,
  warnings: supplementFacts.warnings,
};

const isEndpoint = (value: string | null): value is Prop65Endpoint =>
  PROP65_ENDPOINTS.includes(value as Prop65Endpoint);

/** A stored Prop 65 setting as the pages use it: null when the product carries no warning. */
export function prop65Of(row: {
  prop65Warning: boolean;
  prop65Chemicals: string[];
  prop65Endpoint: string | null;
}): Prop65Setting {
  if (!row.prop65Warning || row.prop65Chemicals.length === 0 || !isEndpoint(row.prop65Endpoint)) return null;
  return { chemicals: row.prop65Chemicals, endpoint: row.prop65Endpoint };
}

/** The label of one product (an empty one when nothing was entered yet). */
export async function loadProductLabel(db: Db, productId: string): Promise<ProductLabel> {
  const [factRows, [label]] = await Promise.all([
    db.select(factsColumns).from(supplementFacts).where(eq(supplementFacts.productId, productId)),
    db.select().from(productLabels).where(eq(productLabels.productId, productId)),
  ]);
  const variantFacts: Record<string, SupplementFacts> = {};
  let facts: SupplementFacts | null = null;
  for (const { variantId, ...row } of factRows) {
    if (variantId) variantFacts[variantId] = row;
    else facts = row;
  }
  return { facts, variantFacts, claims: label?.claims ?? [], prop65: label ? prop65Of(label) : null };
}

/** The product and its variants, for the admin label screen; null for an unknown id. */
export async function findLabelledProduct(db: Db, productId: string) {
  if (!isUuid(productId)) return null;
  const [product] = await db
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const variants = await db
    .select({ id: productVariants.id, title: productVariants.title, sku: productVariants.sku })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt));
  return { product, variants };
}

const productGone = () => new NotFoundError({ title: "Product not found" });
const variantGone = () =>
  new NotFoundError({ title: "Variant not found", description: "This variant is not part of the product." });

/** Checks that the variant (when given) belongs to the product. */
async function assertVariantOf(db: Db, productId: string, variantId: string | null) {
  const found = await findLabelledProduct(db, productId);
  if (!found) throw productGone();
  if (variantId !== null && !found.variants.some((v) => v.id === variantId)) throw variantGone();
}

/**
 * Saves the product's Supplement Facts, or a variant's own (which then replaces the product's on
 * that variant's page). One row per product and per variant: a second save updates it.
 */
export async function saveSupplementFacts(
  db: Db,
  productId: string,
  variantId: string | null,
  input: SupplementFactsInput,
): Promise<void> {
  await assertVariantOf(db, productId, variantId);
  const values = { ...input, productId, variantId, updatedAt: new Date() };
  const target = variantId === null ? supplementFacts.productId : supplementFacts.variantId;
  const targetWhere =
    variantId === null ? isNull(supplementFacts.variantId) : isNotNull(supplementFacts.variantId);
  await db
    .insert(supplementFacts)
    .values(values)
    .onConflictDoUpdate({ target, targetWhere, set: { ...input, updatedAt: new Date() } });
}

/** Drops a variant's own facts: the variant shows the product's again. */
export async function removeVariantFacts(db: Db, productId: string, variantId: string): Promise<void> {
  await assertVariantOf(db, productId, variantId);
  await db
    .delete(supplementFacts)
    .where(and(eq(supplementFacts.productId, productId), eq(supplementFacts.variantId, variantId)));
}

/** Saves the product's claims and Prop 65 warning (chemicals and endpoint kept only with the flag). */
export async function saveProductLabel(db: Db, productId: string, input: ProductLabelInput): Promise<void> {
  if (!(await findLabelledProduct(db, productId))) throw productGone();
  const values = {
    claims: input.claims,
    prop65Warning: input.prop65Warning,
    prop65Chemicals: input.prop65Warning ? input.prop65Chemicals : [],
    prop65Endpoint: input.prop65Warning ? input.prop65Endpoint : null,
    updatedAt: new Date(),
  };
  await db
    .insert(productLabels)
    .values({ productId, ...values })
    .onConflictDoUpdate({ target: productLabels.productId, set: values });
}
