import { ExternalLink } from "lucide-react";
import { ResponsiveImage } from "~/components/ui/responsive-image.tsx";
import type { ImageInfo } from "~core/catalog/images.ts";
import { Section } from "./section.tsx";

export type HomePartner = {
  id: string;
  name: string;
  description: string | null;
  websiteUrl: string | null;
  logo: ImageInfo;
};

/** Shown only when there are active partners. */
export function Partners({ partners }: { partners: HomePartner[] }) {
  if (partners.length === 0) return null;
  return (
    <Section eyebrow="Where to find us" title="Our Partners">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {partners.map((partner) => (
          <li key={partner.id} className="flex flex-col rounded-lg border bg-card p-5">
            <ResponsiveImage
              image={partner.logo}
              alt={`${partner.name} logo`}
              sizes="(min-width: 1024px) 18rem, (min-width: 640px) 45vw, 90vw"
              className="aspect-[3/1] w-full rounded-md bg-background object-contain"
            />
            <h3 className="mt-4 text-lg font-semibold">{partner.name}</h3>
            {partner.description && (
              <p className="mt-1 text-sm text-muted-foreground">{partner.description}</p>
            )}
            {partner.websiteUrl && (
              <a
                href={partner.websiteUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-auto inline-flex items-center gap-1 self-start rounded-sm pt-3 text-sm font-medium text-primary hover:underline"
              >
                Visit Website
                <span className="sr-only"> of {partner.name} (opens in a new tab)</span>
                <ExternalLink className="size-3.5" aria-hidden />
              </a>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
