import { ResponsiveImage } from "~/components/ui/responsive-image.tsx";
import { cn } from "~/lib/cn.ts";
import { testimonialText } from "~/lib/text.ts";
import type { ImageInfo } from "~core/catalog/images.ts";
import { StarRating } from "../star-rating.tsx";
import { Section } from "./section.tsx";

export type HomeTestimonial = {
  id: string;
  name: string;
  title: string | null;
  content: string;
  rating: number;
  mediaType: "none" | "image" | "video";
  avatar: ImageInfo | null;
  media: ImageInfo | null;
  video: { url: string; playable: boolean } | null;
};

function Media({ testimonial }: { testimonial: HomeTestimonial }) {
  if (testimonial.media) {
    return (
      <ResponsiveImage
        image={testimonial.media}
        alt={`Photo shared by ${testimonial.name}`}
        sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
        className="aspect-square w-full object-cover"
      />
    );
  }
  const video = testimonial.video;
  if (!video) return null;
  if (!video.playable) {
    return (
      <a
        href={video.url}
        target="_blank"
        rel="noopener noreferrer"
        className="m-6 mb-0 text-primary underline"
      >
        Watch {testimonial.name}'s video (opens in a new tab)
      </a>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: customer clips come without caption files; the quote below tells the story.
    <video
      src={video.url}
      controls
      preload="none"
      playsInline
      aria-label={`Video from ${testimonial.name}`}
      className="aspect-video w-full bg-black"
    />
  );
}

/** One card; its layout follows the media type (text only, photo on top, video on top). */
function TestimonialCard({ testimonial }: { testimonial: HomeTestimonial }) {
  const hasMedia = testimonial.mediaType !== "none";
  return (
    <figure
      data-media-type={testimonial.mediaType}
      className={cn(
        "flex h-full flex-col overflow-hidden rounded-lg border bg-card",
        !hasMedia && "justify-between",
      )}
    >
      {hasMedia && <Media testimonial={testimonial} />}
      <div className="flex flex-1 flex-col gap-4 px-6 pt-6 pb-4">
        <StarRating rating={testimonial.rating} />
        <blockquote className={cn("text-foreground", hasMedia ? "text-sm" : "text-base")}>
          <p className="break-words whitespace-pre-line">
            “{testimonialText(testimonial.content, hasMedia)}”
          </p>
        </blockquote>
      </div>
      {/* A figure's caption must be its first or last child, so it sits outside the padded body. */}
      <figcaption className="flex items-center gap-3 px-6 pb-6">
        {testimonial.avatar ? (
          <ResponsiveImage
            image={testimonial.avatar}
            alt=""
            sizes="3rem"
            className="size-12 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-12 items-center justify-center rounded-full bg-accent font-semibold text-primary"
          >
            {testimonial.name.charAt(0)}
          </span>
        )}
        <span>
          <span className="block font-semibold">{testimonial.name}</span>
          {testimonial.title && (
            <span className="block text-sm text-muted-foreground">{testimonial.title}</span>
          )}
        </span>
      </figcaption>
    </figure>
  );
}

/** Shown only when there are active testimonials (at most 6, newest first). */
export function Testimonials({ testimonials }: { testimonials: HomeTestimonial[] }) {
  if (testimonials.length === 0) return null;
  // Four in rows of three would leave the fourth alone on a row: two rows of two instead.
  const columns = testimonials.length === 4 ? "lg:grid-cols-2" : "lg:grid-cols-3";
  return (
    <Section eyebrow="Real stories" title="What Our Customers Say">
      <ul className={`grid gap-6 md:grid-cols-2 ${columns}`}>
        {testimonials.map((t) => (
          <li key={t.id}>
            <TestimonialCard testimonial={t} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
