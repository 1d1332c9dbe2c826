import { ResponsiveImage } from "~/components/ui/responsive-image.tsx";
import type { ImageInfo } from "~core/catalog/images.ts";
import { Section } from "./section.tsx";

export type HomeCertificate = { displayOrder: number; title: string; image: ImageInfo };

const headings: Record<number, { title: string; intro: string }> = {
  1: {
    title: "Lab Tested & Certified",
    intro: "Every batch is tested by an independent, accredited laboratory before it is jarred.",
  },
  2: {
    title: "Certified Authentic",
    intro: "Our certificate of authenticity: genuine Himalayan shilajit, traceable to its batch.",
  },
};

/** One certificate slot (1 after the products, 2 after the quality section); nothing when empty. */
export function CertificateSection({ certificate }: { certificate: HomeCertificate | undefined }) {
  if (!certificate) return null;
  const heading = headings[certificate.displayOrder] ?? { title: certificate.title, intro: "" };
  return (
    <Section title={heading.title} intro={heading.intro} className="bg-card/40">
      <figure className="mx-auto max-w-md">
        <ResponsiveImage
          image={certificate.image}
          alt={certificate.title}
          sizes="(min-width: 640px) 28rem, 90vw"
          className="h-auto w-full rounded-lg border border-primary/40 shadow-lg"
        />
        <figcaption className="mt-3 text-center text-sm text-muted-foreground">
          {certificate.title}
        </figcaption>
      </figure>
    </Section>
  );
}
