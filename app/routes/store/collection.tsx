import { ArrowLeft } from "lucide-react";
import { data, Link, useNavigate } from "react-router";
import { ListSelect } from "~/components/store/list-select.tsx";
import { ProductGrid } from "~/components/store/product-grid.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ResponsiveImage } from "~/components/ui/responsive-image.tsx";
import { keepSharedData } from "~/hooks/use-personal-part.ts";
import { absoluteUrl, pageTitle, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { brand } from "~core/brand.ts";
import { COLLECTION_SORTS, collectionHref, type ProductSort } from "~core/catalog/product-list.ts";
import { findPublishedCollection } from "~server/catalog/collections.ts";
import { productPage, readCollectionListQuery } from "~server/catalog/product-list.ts";
import { describeImage } from "~server/media/describe.ts";
import type { Route } from "./+types/collection";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.database;
  const collection = await findPublishedCollection(db, params.slug);
  // Returned, not thrown, as for an unknown product: the not-found screen inside the store layout.
  if (!collection) return data({ collection: null }, { status: 404 });
  const query = readCollectionListQuery(new URL(request.url).searchParams, collection.slug);
  const [result, image] = await Promise.all([
    productPage(db, query),
    collection.imageUrl ? describeImage(context.config.uploadsDir, collection.imageUrl) : null,
  ]);
  if (query.page > result.pageCount) throw data(null, { status: 404 });
  return { collection, image, ...result, sort: query.sort };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData?.collection)
    return [{ title: `Collection not found | ${brand.name}` }, { name: "robots", content: "noindex" }];
  const { collection, page, pageCount, sort } = loaderData;
  const publicUrl = publicUrlFrom(matches);
  const href = (target: number, order: ProductSort = sort) =>
    collectionHref(collection.slug, { sort: order, page: target });
  const link = (rel: string, target: number) => ({
    tagName: "link",
    rel,
    href: absoluteUrl(publicUrl, href(target)),
  });
  const title = collection.seoTitle || collection.name;
  return [
    ...seoMeta(
      {
        title: pageTitle(page > 1 ? `${title}, page ${page}` : title),
        description: collection.seoDescription || collection.description || collection.name,
        // Other sorts show the same products: the canonical URL is the page in the collection's order.
        path: href(page, COLLECTION_SORTS[0].value),
        image: collection.imageUrl,
      },
      publicUrl,
    ),
    ...(page > 1 ? [link("prev", page - 1)] : []),
    ...(page < pageCount ? [link("next", page + 1)] : []),
  ];
}

// The same for every visitor: kept when a browser loads its own part (use-personal-part.ts).
export const shouldRevalidate = keepSharedData;

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.collection) return <CollectionNotFound />;
  const { collection, image, products, page, pageCount, total, sort } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <BackToProducts className="mb-6" />
      <header className="mb-10 grid gap-8 md:grid-cols-[2fr_1fr] md:items-center">
        <div>
          <h1 className="font-display text-4xl font-semibold text-primary sm:text-5xl">{collection.name}</h1>
          {collection.description && (
            <p className="mt-4 whitespace-pre-line text-muted-foreground">{collection.description}</p>
          )}
        </div>
        {image && (
          <ResponsiveImage
            image={image}
            alt=""
            priority
            sizes="(min-width: 768px) 33vw, 100vw"
            className="aspect-[4/3] w-full rounded-lg border object-cover"
          />
        )}
      </header>
      <SortForm slug={collection.slug} sort={sort} total={total} />
      <ProductGrid products={products} />
      <Pagination
        className="mt-10"
        page={page}
        totalPages={pageCount}
        getHref={(target) => collectionHref(collection.slug, { sort, page: target })}
      />
    </div>
  );
}

/** The collection's sort menu: a GET form (works without JavaScript), applied at once with it. */
function SortForm({ slug, sort, total }: { slug: string; sort: ProductSort; total: number }) {
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) =>
    navigate(collectionHref(slug, { sort: String(new FormData(form).get("sort")) as ProductSort, page: 1 }));
  return (
    <form
      method="get"
      action={`/collections/${encodeURIComponent(slug)}`}
      key={sort}
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
      className="mb-8 flex flex-wrap items-end gap-3"
    >
      <ListSelect
        id="collection-sort"
        name="sort"
        label="Sort by"
        value={sort}
        choices={COLLECTION_SORTS}
        onPick={apply}
      />
      <Button type="submit" variant="outline">
        Sort
      </Button>
      <p className="w-full text-sm text-muted-foreground" aria-live="polite">
        {total === 1 ? "1 product" : `${total.toLocaleString("en-US")} products`}
      </p>
    </form>
  );
}

function BackToProducts({ className }: { className?: string }) {
  return (
    <Link to="/products" className={buttonClass({ variant: "ghost", className })}>
      <ArrowLeft aria-hidden />
      All Products
    </Link>
  );
}

function CollectionNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-semibold">Collection not found</h1>
      <p className="text-muted-foreground">This collection does not exist or is no longer available.</p>
      <BackToProducts />
    </section>
  );
}
