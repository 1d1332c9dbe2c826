import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { PostCard, type PostCardData } from "../blog/post-card.tsx";
import { Section } from "./section.tsx";

export function LatestPosts({ posts }: { posts: (PostCardData & { id: string })[] }) {
  return (
    <Section eyebrow="From the blog" title="Latest Articles" className="bg-card/40">
      {posts.length > 0 ? (
        <ul className="grid gap-6 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id} className="flex">
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-center text-muted-foreground">No blog posts available yet. Check back soon!</p>
      )}
      <div className="mt-10 flex justify-center">
        <Link to="/blog" className={buttonClass({ variant: "outline", size: "lg" })}>
          View All Posts
        </Link>
      </div>
    </Section>
  );
}
