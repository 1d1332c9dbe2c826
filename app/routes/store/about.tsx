import { Link } from "react-router";
import { PageHeader } from "~/components/store/page-header.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { pageTitle, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { brand } from "~core/brand.ts";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(
    {
      title: pageTitle("About Us"),
      description: `${brand.name} brings pure Himalayan shilajit resin, harvested above 16,000 feet and lab tested, to more than 10,000 customers across the US.`,
      path: "/about",
    },
    publicUrlFrom(matches),
  );
}

const facts = [
  ["10,000+", "customers"],
  ["16,000 ft", "harvest altitude and above"],
  ["300-500mg", "daily serving"],
  ["24/7", "customer support"],
] as const;

export default function About() {
  return (
    <>
      <PageHeader title="About Us" intro={brand.tagline} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <section aria-labelledby="story-heading" className="flex flex-col gap-4 text-muted-foreground">
          <h2 id="story-heading" className="text-3xl font-semibold text-foreground">
            Our Story
          </h2>
          <p>
            {brand.name} began with a simple frustration: most shilajit sold online could not tell you where
            it came from. We set out to offer a resin we would give our own families, traceable from the
            mountain to your cup.
          </p>
          <p>
            Our resin is gathered by hand from rock faces at altitudes above 16,000 feet in the Himalaya,
            where the cold, thin air concentrates its minerals and fulvic acid. It is filtered through spring
            water and slowly sun-dried, never heat-blasted, so nothing of value is lost.
          </p>
          <p>
            Every batch goes to an independent laboratory for heavy metals, microbes and fulvic acid content
            before it is jarred, and every jar carries a unique batch number you can check on our validity
            page. More than 10,000 customers now make a pea-sized serving of 300-500mg part of their day, and
            our support team is there for them 24/7.
          </p>
        </section>

        <ul className="my-12 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {facts.map(([figure, label]) => (
            <li key={label} className="rounded-lg border bg-card p-4 text-center">
              <span className="block font-display text-2xl font-semibold text-primary">{figure}</span>
              <span className="text-sm text-muted-foreground">{label}</span>
            </li>
          ))}
        </ul>

        <section aria-labelledby="values-heading" className="flex flex-col gap-4 text-muted-foreground">
          <h2 id="values-heading" className="text-3xl font-semibold text-foreground">
            What We Stand For
          </h2>
          <p>
            Honest sourcing, published lab results and products that are what the label says. If something is
            not right with your order, tell us and we will make it right.
          </p>
        </section>

        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/products" className={buttonClass({ size: "lg" })}>
            Shop Our Products
          </Link>
          <Link to="/contact" className={buttonClass({ size: "lg", variant: "outline" })}>
            Contact Us
          </Link>
        </div>
      </div>
    </>
  );
}
