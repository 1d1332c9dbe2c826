import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image.tsx";
import { displayDate, usableDate } from "~/lib/dates.ts";
import type { ImageInfo } from "~core/catalog/images.ts";

export type PostCardData = {
  slug: string;
  title: string;
  excerpt: string;
  authorName: string;
  publishedAt: Date | string | null;
  image: ImageInfo;
};

/** A post in a list: the whole card is one link (the title's), so there is one tab stop per post. */
export function PostCard({
  post,
  headingLevel = 3,
  priority = false,
}: {
  post: PostCardData;
  headingLevel?: 2 | 3;
  /** The card's image is the largest thing above the fold. */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border bg-card transition-colors hover:border-primary/60">
      <ResponsiveImage
        image={post.image}
        alt=""
        priority={priority}
        sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
        className="aspect-[1200/630] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs text-muted-foreground">
          <time dateTime={usableDate(post.publishedAt).toISOString()}>{displayDate(post.publishedAt)}</time>
          <span aria-hidden> · </span>
          {post.authorName}
        </p>
        <Heading className="text-xl leading-snug font-semibold">
          <Link
            to={`/blog/${post.slug}`}
            className="rounded-sm after:absolute after:inset-0 group-hover:text-primary"
          >
            {post.title}
          </Link>
        </Heading>
        {post.excerpt && <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>}
        <span aria-hidden className="mt-auto pt-2 text-sm font-medium text-primary">
          Read more →
        </span>
      </div>
    </article>
  );
}
