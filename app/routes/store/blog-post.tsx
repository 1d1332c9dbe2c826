import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ResponsiveImage } from "~/components/ui/responsive-image.tsx";
import { keepSharedData } from "~/hooks/use-personal-part.ts";
import { displayDate, usableDate } from "~/lib/dates.ts";
import { pageTitle, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { absoluteUrl } from "~core/text/urls.ts";
import { blogPostData } from "~server/content/storefront.ts";
import { blogPostingJsonLd } from "~server/seo/json-ld.ts";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await blogPostData(context.database.db, context.config.uploadsDir, params.slug);
  // Returned, not thrown: the not-found text renders inside the store layout with HTTP 404.
  if (!post) return data({ post: null, jsonLd: null }, 404);
  const publishedAt = usableDate(post.publishedAt).toISOString();
  const jsonLd = blogPostingJsonLd(
    { ...post, publishedAt, updatedAt: new Date(post.updatedAt).toISOString() },
    absoluteUrl(context.config.publicUrl, `/blog/${post.slug}`),
  );
  return { post, jsonLd };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const publicUrl = publicUrlFrom(matches);
  const post = data?.post;
  if (!post) return [{ title: pageTitle("Blog Post Not Found") }, { name: "robots", content: "noindex" }];
  const path = `/blog/${post.slug}`;
  const publishedAt = usableDate(post.publishedAt).toISOString();
  return [
    ...seoMeta(
      {
        title: pageTitle(post.seoTitle || post.title),
        description: post.seoDescription || post.excerpt || post.title,
        path,
        image: post.featuredImageUrl,
        type: "article",
      },
      publicUrl,
    ),
    ...(post.seoKeywords.length ? [{ name: "keywords", content: post.seoKeywords.join(", ") }] : []),
    { property: "article:published_time", content: publishedAt },
    ...(data.jsonLd ? [{ "script:ld+json": data.jsonLd }] : []),
  ];
}

function BackToBlog({ className }: { className?: string }) {
  return (
    <Link to="/blog" className={buttonClass({ variant: "ghost", className })}>
      <ArrowLeft aria-hidden />
      Back to Blog
    </Link>
  );
}

// The same for every visitor: kept when a browser loads its own part (use-personal-part.ts).
export const shouldRevalidate = keepSharedData;

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  if (!post) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-4xl font-semibold text-foreground">Blog Post Not Found</h1>
        <p className="mt-4 text-muted-foreground">
          The post you are looking for does not exist or is no longer published.
        </p>
        <BackToBlog className="mt-8" />
      </section>
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <BackToBlog className="-ml-4" />
      <header className="mt-6">
        <h1 className="text-4xl leading-tight font-semibold text-foreground sm:text-5xl">{post.title}</h1>
        <p className="mt-4 text-sm text-muted-foreground">
          By {post.authorName}
          <span aria-hidden> · </span>
          <time dateTime={usableDate(post.publishedAt).toISOString()}>{displayDate(post.publishedAt)}</time>
        </p>
      </header>
      {post.image && (
        <ResponsiveImage
          image={post.image}
          alt=""
          priority
          sizes="(min-width: 768px) 48rem, 100vw"
          className="mt-8 aspect-[1200/630] w-full rounded-lg border object-cover"
        />
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown (server) escapes raw HTML and allows only safe links. */}
      <div className="markdown mt-10" dangerouslySetInnerHTML={{ __html: post.html }} />
      <footer className="mt-12 flex flex-wrap gap-3 border-t pt-8">
        <Link to="/blog" className={buttonClass({ variant: "outline" })}>
          <ArrowLeft aria-hidden />
          Back to All Posts
        </Link>
        <Link to="/" className={buttonClass({ variant: "ghost" })}>
          Back to Home
        </Link>
      </footer>
    </article>
  );
}
