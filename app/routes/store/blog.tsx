import { PostCard } from "~/components/store/blog/post-card.tsx";
import { PageHeader } from "~/components/store/page-header.tsx";
import { keepSharedData } from "~/hooks/use-personal-part.ts";
import { pageTitle, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { brand } from "~core/brand.ts";
import { listOrEmpty } from "~server/content/list-or-empty.ts";
import { blogListData } from "~server/content/storefront.ts";
import type { Route } from "./+types/blog";

export async function loader({ context }: Route.LoaderArgs) {
  const posts = blogListData(context.database.db, context.config.uploadsDir);
  return { posts: await listOrEmpty(context.log, "blog posts", posts, []) };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(
    {
      title: pageTitle("Blog"),
      description: `Guides on taking shilajit, fulvic acid, lab testing and more from the ${brand.name} team.`,
      path: "/blog",
    },
    publicUrlFrom(matches),
  );
}

// The same for every visitor: kept when a browser loads its own part (use-personal-part.ts).
export const shouldRevalidate = keepSharedData;

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <>
      <PageHeader title="Blog" intro="Guides, research and stories about Himalayan shilajit." />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {posts.length === 0 ? (
          <p className="py-12 text-center text-lg text-muted-foreground">
            No blog posts available yet. Check back soon!
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, i) => (
              <li key={post.id} className="flex">
                {/* The first row is above the fold on most screens: only the first image loads eagerly. */}
                <PostCard post={post} headingLevel={2} priority={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
