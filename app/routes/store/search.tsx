import { data, Link } from "react-router";
import { PostCard } from "~/components/store/blog/post-card.tsx";
import { ProductGrid } from "~/components/store/product-grid.tsx";
import { SearchForm } from "~/components/store/search-form.tsx";
import { pageTitle, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { listOrEmpty } from "~server/content/list-or-empty.ts";
import { NO_RESULTS, readSearchQuery, searchStorefront } from "~server/search/search.ts";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readSearchQuery(new URL(request.url).searchParams);
  if (query.error) return data({ ...query, ...NO_RESULTS }, { status: 400 });
  const found = query.q
    ? await listOrEmpty(
        context.log,
        "search results",
        searchStorefront(context.database.db, context.config.uploadsDir, query.q),
        NO_RESULTS,
      )
    : NO_RESULTS;
  return { ...query, ...found };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const q = loaderData?.q ?? "";
  return seoMeta(
    {
      title: pageTitle(q ? `Search: ${q}` : "Search"),
      description: "Search the shop's products and blog posts.",
      path: "/search",
      // Result pages are endless variations of the same content: kept out of search engines.
      noindex: Boolean(q),
    },
    publicUrlFrom(matches),
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, error, products, posts } = loaderData;
  const found = products.length + posts.length;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="font-display text-4xl font-semibold text-primary sm:text-5xl">Search</h1>
      <SearchForm landmarkLabel="Page" defaultValue={q} visibleLabel className="mt-6 mb-4 max-w-xl" />
      <p aria-live="polite" className={error ? "text-destructive-text" : "text-sm text-muted-foreground"}>
        {error ?? resultSummary(q, products.length, posts.length)}
      </p>
      {found === 0 ? (
        <EmptyState />
      ) : (
        <>
          {products.length > 0 && (
            <section aria-labelledby="search-products" className="mt-10">
              <h2 id="search-products" className="mb-6 text-2xl font-semibold">
                Products
              </h2>
              <ProductGrid products={products} headingLevel={3} />
            </section>
          )}
          {posts.length > 0 && (
            <section aria-labelledby="search-posts" className="mt-12">
              <h2 id="search-posts" className="mb-6 text-2xl font-semibold">
                Blog posts
              </h2>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {posts.map((post) => (
                  <li key={post.id} className="flex">
                    <PostCard post={post} headingLevel={3} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

function resultSummary(q: string, productCount: number, postCount: number) {
  if (!q) return "Type a product name or a topic, for example “resin” or “drops”.";
  if (productCount + postCount === 0) return `Nothing matches “${q}”.`;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `${plural(productCount, "product")} and ${plural(postCount, "blog post")} match “${q}”.`;
}

function EmptyState() {
  const linkClass = "text-primary underline underline-offset-4";
  return (
    <p className="mt-10 rounded-lg border bg-card px-6 py-12 text-center text-muted-foreground">
      Browse{" "}
      <Link to="/products" className={linkClass}>
        all products
      </Link>{" "}
      or read{" "}
      <Link to="/blog" className={linkClass}>
        the blog
      </Link>
      .
    </p>
  );
}
