import { CertificateSection } from "~/components/store/home/certificate.tsx";
import { Hero } from "~/components/store/home/hero.tsx";
import { LatestPosts } from "~/components/store/home/latest-posts.tsx";
import { Partners } from "~/components/store/home/partners.tsx";
import { ProductsSection } from "~/components/store/home/products.tsx";
import { QualitySection } from "~/components/store/home/quality.tsx";
import { Testimonials } from "~/components/store/home/testimonials.tsx";
import { UsageSteps } from "~/components/store/home/usage-steps.tsx";
import { ValidateCta } from "~/components/store/home/validate-cta.tsx";
import { WhyChooseUs } from "~/components/store/home/why-choose-us.tsx";
import { keepSharedData } from "~/hooks/use-personal-part.ts";
import { DEFAULT_DESCRIPTION, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { brand } from "~core/brand.ts";
import { homePageData } from "~server/content/storefront.ts";
import { organizationJsonLd, websiteJsonLd } from "~server/seo/json-ld.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const publicUrl = context.config.publicUrl;
  return {
    ...(await homePageData(context.database.db, context.config.uploadsDir, context.log)),
    jsonLd: [organizationJsonLd(publicUrl), websiteJsonLd(publicUrl)],
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = publicUrlFrom(matches);
  return [
    ...seoMeta(
      {
        title: `${brand.name} | Pure Himalayan Shilajit Resin`,
        description: DEFAULT_DESCRIPTION,
        path: "/",
      },
      publicUrl,
    ),
    ...(loaderData?.jsonLd ?? []).map((jsonLd) => ({ "script:ld+json": jsonLd })),
  ];
}

/** Sections in the spec's order. */
// The same for every visitor: kept when a browser loads its own part (use-personal-part.ts).
export const shouldRevalidate = keepSharedData;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { certificates, testimonials, partners, posts, products } = loaderData;
  const slot = (n: number) => certificates.find((c) => c.displayOrder === n);
  return (
    <>
      <Hero />
      <ProductsSection products={products} />
      <CertificateSection certificate={slot(1)} />
      <QualitySection />
      <CertificateSection certificate={slot(2)} />
      <ValidateCta />
      <UsageSteps />
      <Testimonials testimonials={testimonials} />
      <Partners partners={partners} />
      <LatestPosts posts={posts} />
      <WhyChooseUs />
    </>
  );
}
