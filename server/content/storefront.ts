import type { ImageInfo } from "../../core/catalog/images.ts";
import { cachedForStorefront } from "../catalog/storefront-cache.ts";
import type { Db } from "../db/client.ts";
import { withClaimDisclaimer } from "../labels/label-html.ts";
import type { Logger } from "../logger.ts";
import { describeImage } from "../media/describe.ts";
import { type BlogPost, type BlogPostSummary, findPublishedPost, listPublishedPosts } from "./blog.ts";
import { loadHomeContent } from "./home.ts";
import { postHtml } from "./post-html.ts";

/**
 * What storefront pages get from the content tables: rows plus the image facts their
 * <ResponsiveImage> needs (size, fallback), read here once on the server.
 */

export type PostCard = Omit<BlogPostSummary, "featuredImageUrl"> & { image: ImageInfo };

const VIDEO_FILE = /\.(mp4|webm|ogg|ogv|mov)(\?.*)?$/i;

/** Website URLs are free text in the admin: only http(s) links, a bare domain gets https://. */
export function websiteHref(url: string | null): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (/^[a-z0-9.-]+\.[a-z]{2,}(\/.*)?$/i.test(trimmed)) return `https://${trimmed}`;
  return null;
}

export async function postCards(uploadsDir: string, posts: BlogPostSummary[]): Promise<PostCard[]> {
  return Promise.all(
    posts.map(async ({ featuredImageUrl, ...post }) => ({
      ...post,
      image: await describeImage(uploadsDir, featuredImageUrl),
    })),
  );
}

/**
 * The home page's sections, loaded once per storefront version (server/catalog/storefront-cache.ts):
 * the page reads the database only when the content has changed. Each list that cannot be read is
 * logged and left empty (and the page is then loaded again next time).
 */
export function homePageData(db: Db, uploadsDir: string, log: Logger) {
  return cachedForStorefront(db, "home", () => loadHomePage(db, uploadsDir, log));
}

async function loadHomePage(db: Db, uploadsDir: string, log: Logger) {
  const content = await loadHomeContent(db, log);
  const image = (url: string | null) => describeImage(uploadsDir, url);
  const [certificates, testimonials, partners, posts] = await Promise.all([
    Promise.all(content.certificates.map(async (c) => ({ ...c, image: await image(c.imageUrl) }))),
    Promise.all(
      content.testimonials.map(async (t) => {
        const isImage = t.mediaType === "image" && !!t.mediaUrl;
        const isVideo = t.mediaType === "video" && !!t.mediaUrl;
        return {
          id: t.id,
          name: t.name,
          title: t.title,
          content: t.content,
          rating: t.rating,
          mediaType: isImage ? "image" : isVideo ? "video" : "none",
          avatar: t.imageUrl ? await image(t.imageUrl) : null,
          media: isImage ? await image(t.mediaUrl) : null,
          // Video files play inline; a link elsewhere (a video site) is offered as a link.
          video: isVideo ? { url: t.mediaUrl!, playable: VIDEO_FILE.test(t.mediaUrl!) } : null,
        } as const;
      }),
    ),
    Promise.all(
      content.partners.map(async (p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        websiteUrl: websiteHref(p.websiteUrl),
        logo: await image(p.logoUrl),
      })),
    ),
    postCards(uploadsDir, content.posts),
  ]);
  return {
    value: { certificates, testimonials, partners, posts, products: content.products },
    complete: content.complete,
  };
}

export type HomePageData = Awaited<ReturnType<typeof homePageData>>;

export async function blogListData(db: Db, uploadsDir: string) {
  return postCards(uploadsDir, await listPublishedPosts(db));
}

export type BlogPostPage = Omit<BlogPost, "content" | "contentHtml" | "featuredImageUrl"> & {
  html: string;
  image: ImageInfo | null;
  featuredImageUrl: string | null;
};

/** A published post with its Markdown rendered safely; null when there is none with that slug. */
export async function blogPostData(db: Db, uploadsDir: string, slug: string): Promise<BlogPostPage | null> {
  const post = await findPublishedPost(db, slug);
  if (!post) return null;
  const { content: _content, contentHtml: _html, ...rest } = post;
  return {
    ...rest,
    html: withClaimDisclaimer(await postHtml(db, post)),
    image: post.featuredImageUrl ? await describeImage(uploadsDir, post.featuredImageUrl) : null,
  };
}
