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
import { DEFAULT_DESCRIPTION, organizationJsonLd, publicUrlFrom, seoMeta, websiteJsonLd } from "~/lib/seo.ts";
import { brand } from "~core/brand.ts";
import { homePageData } from "~server/content/storefront.ts";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  return homePageData(context.database.db, context.config.uploadsDir, context.log);
}

export function meta({ matches }: Route.MetaArgs) {
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
    { "script:ld+json": organizationJsonLd(publicUrl) },
    { "script:ld+json": websiteJsonLd(publicUrl) },
  ];
}

/** Sections in the spec's order. */
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
