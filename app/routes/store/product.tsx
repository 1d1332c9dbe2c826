import { ArrowLeft, Eye } from "lucide-react";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { AddToCartForm } from "~/components/store/add-to-cart-form.tsx";
import { ProductCarousel } from "~/components/store/product-carousel.tsx";
import { QuantityTiers } from "~/components/store/quantity-tiers.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { absoluteUrl, pageTitle, productJsonLd, publicUrlFrom, seoMeta } from "~/lib/seo.ts";
import { brand } from "~core/brand.ts";
import { formatMoney } from "~core/money.ts";
import { findProductForPage, isHumanVisitor } from "~server/catalog/products.ts";
import type { Route } from "./+types/product";

// Serves both /product/:slug and /products/:slug (routes.ts).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const views = context.productViews;
  const { result: found, unflushed } = await views.readCounted(() =>
    findProductForPage(context.database.db, params.slug),
  );
  if (!found) return data({ product: null }, { status: 404 });
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
  return { product };
}

// The loader records a view, so it runs on navigation only, not after cart changes on this page.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const product = loaderData?.product;
  if (!product)
    return [{ title: `Product not found | ${brand.name}` }, { name: "robots", content: "noindex" }];
  const publicUrl = publicUrlFrom(matches);
  // Both prefixes show the same page; /product/{slug} is the canonical one.
  const path = `/product/${encodeURIComponent(product.slug)}`;
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
    {
      "script:ld+json": productJsonLd(
        { ...product, imageUrls: product.images },
        absoluteUrl(publicUrl, path),
      ),
    },
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  if (!product) return <ProductNotFound />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <BackToProducts className="mb-6" />
      <div className="grid gap-10 md:grid-cols-2">
        <ProductCarousel images={product.images} name={product.name} />
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-2">
            {product.soldOut && <Badge variant="destructive">SOLD OUT</Badge>}
            <Badge variant="muted">
              <span className="sr-only">Weight: </span>
              {product.weightType}
            </Badge>
          </div>
          <h1 className="font-display text-4xl font-semibold sm:text-5xl">{product.name}</h1>
          <p className="text-3xl font-semibold text-primary tabular-nums">
            {formatMoney(product.priceCents)}
          </p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Eye className="size-4" aria-hidden />
            {product.viewCount.toLocaleString("en-US")} {product.viewCount === 1 ? "view" : "views"}
          </p>
          <p className="leading-relaxed whitespace-pre-line text-foreground/90">{product.description}</p>
          {product.tags.length > 0 && (
            <ul aria-label="Tags" className="flex flex-wrap gap-2">
              {product.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="outline">{tag}</Badge>
                </li>
              ))}
            </ul>
          )}
          <QuantityTiers tiers={product.quantityTiers} />
          <AddToCartForm product={product} withQuantity className="max-w-sm" />
        </div>
      </div>
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
