import { readForm } from "~/lib/forms.ts";
import { readVariantsDraft } from "./variant-form.ts";

/**
 * What each back office form posts, read into the values its input schema (server/…/admin-*.ts)
 * validates: the domain modules take typed input and never see FormData.
 */

export function productFormValues(form: FormData) {
  const values = readForm(form, {
    name: "text",
    slug: "text",
    description: "text",
    imageUrl: "text",
    imageUrls: "list",
    featured: "switch",
    tags: "list",
    initialViewCount: "text",
    seoTitle: "text",
    seoDescription: "text",
    seoKeywords: "list",
    status: "text",
    publishAt: "text",
  });
  // Left blank, the view count takes the schema's default.
  return {
    ...values,
    ...readVariantsDraft(form),
    initialViewCount: values.initialViewCount || undefined,
    // Not posted (an older form, a script): the schema's default, active.
    status: values.status || undefined,
    quantityTiers: quantityTierRows(form),
  };
}

/** The tiers editor's rows (app/components/admin/quantity-tiers-field.tsx), paired by position. */
function quantityTierRows(form: FormData) {
  const { tierMinQuantity, tierPercentOff } = readForm(form, {
    tierMinQuantity: "list",
    tierPercentOff: "list",
  });
  return tierMinQuantity.map((minQuantity, i) => ({ minQuantity, percentOff: tierPercentOff[i] ?? "" }));
}

export function blogPostFormValues(form: FormData) {
  const { imageUrl, ...values } = readForm(form, {
    title: "text",
    slug: "text",
    excerpt: "text",
    content: "text",
    imageUrl: "text",
    authorName: "text",
    published: "switch",
    seoTitle: "text",
    seoDescription: "text",
    seoKeywords: "list",
  });
  return { ...values, featuredImageUrl: imageUrl };
}
export type BlogPostFormValues = ReturnType<typeof blogPostFormValues>;

export function couponFormValues(form: FormData) {
  const values = readForm(form, {
    code: "text",
    discountType: "text",
    discountValue: "text",
    contentCreatorId: "text",
    validUntil: "text",
    usageLimit: "text",
    minimumOrder: "text",
    oncePerCustomer: "switch",
    showOnFrontend: "switch",
  });
  return { ...values, discountType: values.discountType || "percentage" };
}

export function creatorFormValues(form: FormData) {
  const values = readForm(form, {
    username: "text",
    password: "text",
    fullName: "text",
    email: "text",
    commissionRate: "text",
  });
  return { ...values, email: values.email.trim() };
}

export const partnerFormValues = (form: FormData) =>
  readForm(form, {
    name: "text",
    logoUrl: "text",
    websiteUrl: "text",
    description: "text",
    active: "switch",
  });

export const testimonialFormValues = (form: FormData) =>
  readForm(form, {
    name: "text",
    title: "text",
    content: "text",
    rating: "text",
    imageUrl: "text",
    mediaType: "text",
    mediaUrl: "text",
    active: "switch",
  });

/** The chosen products come as repeated `productIds`, in the order the form lists them. */
export const collectionFormValues = (form: FormData) =>
  readForm(form, {
    name: "text",
    slug: "text",
    description: "text",
    imageUrl: "text",
    seoTitle: "text",
    seoDescription: "text",
    published: "switch",
    productIds: "list",
  });

export const policyFormValues = (form: FormData) => readForm(form, { body: "text", baseVersion: "text" });
