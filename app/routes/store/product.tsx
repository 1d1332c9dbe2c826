import { ArrowLeft, Eye } from "lucide-react";
import { useId, useState } from "react";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import { AddToCartForm } from "~/components/store/add-to-cart-form.tsx";
import { ProductCarousel } from "~/components/store/product-carousel.tsx";
import { ProductPrice } from "~/components/store/product-price.tsx";
import { ProductReviewsSection } from "~/components/store/product-reviews.tsx";
import { PurchaseChoice } from "~/components/store/purchase-choice.tsx";
import { QuantityTiers } from "~/components/store/quantity-tiers.tsx";
import { REVIEW_EDITED, REVIEW_SENT } from "~/components/store/review-form.tsx";
import { StickyAddToCart } from "~/components/store/sticky-add-to-cart.tsx";
import { useCartPurchase } from "~/components/store/use-cart.ts";
import { VariantPicker } from "~/components/store/variant-picker.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { keepSharedData } from "~/hooks/use-personal-part.ts";
import { formText, parseForm } from "~/lib/forms.ts";
import {
  compareAtPrice,
  galleryFor,
  hasVariantPicker,
  urlWithVariant,
} from "~/lib/store/product-variants.ts";
import { pageTitle, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { brand } from "~core/brand.ts";
import { chooseVariant, type ProductDetail } from "~core/catalog/catalog.ts";
import { absoluteUrl } from "~core/text/urls.ts";
import { actionToast } from "~core/toast.ts";
import { getSessionUser, signInUrl } from "~server/auth/session.ts";
import { findProductForPage, isHumanVisitor } from "~server/catalog/products.ts";
import { NotFoundError } from "~server/errors.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import { labelForPage, type PageLabel } from "~server/labels/product-page.ts";
import { productJsonLd } from "~server/seo/json-ld.ts";
import type { Route } from "./+types/product";
import {
  editReviewFromPage,
  reviewInputSchema,
  reviewsForPage,
  submitReviewFromPage,
} from "./product-reviews.server.ts";

// Serves both /product/:slug and /products/:slug (routes.ts).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const views = context.productViews;
  const { result: found, unflushed } = await views.readCounted(() =>
    findProductForPage(context.database.db, params.slug),
  );
  if (!found)
    return data(
      { product: null, variantId: null, reviews: null, reviewer: null, jsonLd: null, label: null },
      { status: 404 },
    );
  const { product, byId } = found;
  if (byId) {
    // Old links used the id: send them to the slug URL under the same prefix (replaces history).
    const prefix = new URL(request.url).pathname.startsWith("/products/") ? "/products/" : "/product/";
    throw redirect(`${prefix}${encodeURIComponent(product.slug)}`);
  }
  // Views are written in batches (server/catalog/view-counter.ts): the page shows the stored
  // count plus those not written yet, this one included.
  product.viewCount += unflushed(product.id);
  // An anonymous copy of this page may be answered from memory for a moment; each of those
  // answers counts the view this loader counts (server/http/page-cache.ts).
  if (context.renderedPage) context.renderedPage.viewedProductId = product.id;
  if (isHumanVisitor(request.headers.get("User-Agent"))) {
    views.record(product.id);
    product.viewCount += 1;
  }
  // ?variant= picks the variant shown (a shared link); an unknown id shows the first on sale.
  const wanted = new URL(request.url).searchParams.get("variant");
  const reviews = await reviewsForPage(context, request, product.id);
  return {
    product,
    variantId: chooseVariant(product.variants, wanted)?.id ?? null,
    ...reviews,
    jsonLd: productJsonLd(
      { ...product, imageUrls: product.images, reviews: reviews.reviews },
      absoluteUrl(context.config.publicUrl, productPath(product.slug)),
    ),
    label: await labelForPage(context.database.db, product.id),
  };
}

/**
 * A customer's review (docs/reviews.md): signed in, received the product, once, rate-limited.
 * `intent=edit` with the review's id is the author's edit (back to pending).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(signInUrl(request));
  const form = await request.formData();
  const values = formText(form);
  const editing = values.intent === "edit";
  const parsed = parseForm(reviewInputSchema, form);
  if (!parsed.ok) return data({ review: notSent(values, parsed.errors, null), toast: null }, 400);
  const sent = await settle(
    context.log.child({ userId: user.id }),
    "review could not be stored",
    async () => {
      const found = await findProductForPage(context.database.db, params.slug);
      if (!found) throw new NotFoundError({ title: "Product not found" });
      if (editing) return editReviewFromPage(context, user, found.product.id, values.id ?? "", parsed.data);
      return submitReviewFromPage(context, user, found.product.id, parsed.data);
    },
    { title: "Review not sent", description: "Please try again in a moment.", status: 500 },
  );
  if (!sent.ok)
    return failureData(sent, { review: notSent(values, {}, sent.message.description ?? sent.message.title) });
  return {
    review: { sent: true, edited: editing } as const,
    toast: actionToast({
      title: editing ? "Review updated" : "Review sent",
      description: editing ? REVIEW_EDITED : REVIEW_SENT,
      variant: "success",
    }),
  };
}

/** What was typed stays in the form, with the reasons. */
const notSent = (
  values: Record<string, string>,
  errors: Record<string, string | undefined>,
  formError: string | null,
) => ({ sent: false as const, values, errors, formError });

// The loader records a view, so it runs on navigation only, not after cart changes on this page
// nor for the visitor's own part of a shared copy (the review form asks for its own, see ReviewForm).
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return args.formMethod ? false : keepSharedData(args);
}

/** Both prefixes show the same page; /product/{slug} is the canonical one. */
const productPath = (slug: string) => `/product/${encodeURIComponent(slug)}`;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const product = loaderData?.product;
  if (!product)
    return [{ title: `Product not found | ${brand.name}` }, { name: "robots", content: "noindex" }];
  const publicUrl = publicUrlFrom(matches);
  const path = productPath(product.slug);
  return [
    ...seoMeta(
      {
        title: pageTitle(product.seoTitle || product.name),
        description: product.seoDescription || product.description || product.name,
        path,
        image: product.images[0],
        type: "product",
      },
      publicUrl,
    ),
    ...(product.seoKeywords.length ? [{ name: "keywords", content: product.seoKeywords.join(", ") }] : []),
    ...(loaderData.jsonLd ? [{ "script:ld+json": loaderData.jsonLd }] : []),
  ];
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, variantId, reviews, reviewer, label } = loaderData;
  const location = useLocation();
  useFlashToast(actionData?.toast);
  if (!product || !reviews) return <ProductNotFound />;
  // A navigation (another product, a ?variant= link) starts again from the loader's choice.
  return (
    <>
      <ProductView key={location.key} product={product} initialVariantId={variantId} label={label} />
      <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6 lg:px-8">
        <ProductReviewsSection
          productId={product.id}
          reviews={reviews}
          reviewer={reviewer}
          form={actionData?.review}
          moreHref={reviews.hasMore ? moreReviewsHref(location.search, reviews.page + 1) : null}
        />
      </div>
      {/* Room for the phone's add-to-cart bar, so it never covers the end of the page. */}
      <div aria-hidden className="h-20 md:hidden" />
    </>
  );
}

/** The same page with the next ten reviews shown (other query parameters, e.g. ?variant=, kept). */
function moreReviewsHref(search: string, page: number) {
  const params = new URLSearchParams(search);
  params.set("reviews", String(page));
  return `?${params}`;
}

function ProductView({
  product,
  initialVariantId,
  label,
}: {
  product: ProductDetail;
  initialVariantId: string | null;
  label: PageLabel | null;
}) {
  const [chosenId, setChosenId] = useState(initialVariantId);
  const variant = product.variants.find((v) => v.id === chosenId) ?? product.variants[0];
  const picker = hasVariantPicker(product) && variant;
  const soldOut = picker ? variant.soldOut : product.soldOut;
  const images = galleryFor(product.images, variant);
  const { purchaseType: kept, signedIn } = useCartPurchase();
  const [purchaseType, setPurchaseType] = useState(signedIn ? kept : "one_time");
  const choose = (id: string) => {
    setChosenId(id);
    // Only the address changes (no navigation): the choice is the browser's, and a navigation
    // would run the loaders again, counting another view.
    window.history.replaceState(window.history.state, "", urlWithVariant(window.location.href, id));
  };
  const price = picker ? variant.priceCents : product.priceCents;
  const formId = useId();
  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 lg:px-8">
      <BackToProducts className="mb-2" />
      <div className="grid gap-8 md:grid-cols-2 lg:gap-10">
        <ProductCarousel key={images[0] ?? "none"} images={images} name={product.name} />
        {/* What a buyer decides on comes first: at 1366x900 price, size, quantity, purchase choice
            and Add to Cart are all in view (issue 31); the description follows. */}
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            {(soldOut || !picker) && (
              <div className="flex flex-wrap items-center gap-2">
                {soldOut && <Badge variant="destructive">SOLD OUT</Badge>}
                {/* With a picker the chosen variant's title is in the picker. */}
                {!picker && (
                  <Badge variant="muted">
                    <span className="sr-only">Weight: </span>
                    {product.weightType}
                  </Badge>
                )}
              </div>
            )}
            <h1 className="font-display text-3xl font-semibold sm:text-4xl">{product.name}</h1>
            <ProductPrice priceCents={price} compareAtCents={variant ? compareAtPrice(variant) : null} />
            {!soldOut && variant?.stockLeft ? (
              <p className="text-sm font-semibold text-destructive-text">Only {variant.stockLeft} left</p>
            ) : null}
          </div>
          <AddToCartForm
            id={formId}
            product={product}
            withQuantity
            className="max-w-md"
            picker={
              picker
                ? {
                    chosen: variant,
                    radios: (
                      <VariantPicker
                        options={product.options}
                        variants={product.variants}
                        chosenId={variant.id}
                        onChoose={choose}
                      />
                    ),
                  }
                : undefined
            }
            purchase={
              <PurchaseChoice
                value={purchaseType}
                onChange={setPurchaseType}
                signedIn={signedIn}
                priceCents={price}
              />
            }
          />
          <QuantityTiers tiers={product.quantityTiers} />
          <p className="leading-relaxed whitespace-pre-line text-foreground/90">{product.description}</p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Eye className="size-4" aria-hidden />
            {product.viewCount.toLocaleString("en-US")} {product.viewCount === 1 ? "view" : "views"}
          </p>
          {product.tags.length > 0 && (
            <ul aria-label="Tags" className="flex flex-wrap gap-2">
              {product.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="outline">{tag}</Badge>
                </li>
              ))}
            </ul>
          )}
          {label && (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server/labels/label-html.ts escapes every typed text (decision 045).
            <div dangerouslySetInnerHTML={{ __html: label.variants[variant?.id ?? ""] ?? label.html }} />
          )}
        </div>
      </div>
      {!soldOut && <StickyAddToCart formId={formId} priceCents={price} name={product.name} />}
    </div>
  );
}

function BackToProducts({ className }: { className?: string }) {
  return (
    <Link to="/products" className={buttonClass({ variant: "ghost", className })}>
      <ArrowLeft aria-hidden />
      Back to Products
    </Link>
  );
}

function ProductNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-semibold">Product not found</h1>
      <p className="text-muted-foreground">This product does not exist or is no longer available.</p>
      <BackToProducts />
    </section>
  );
}
