/**
 * The demo shop's words: products, blog posts, testimonials and partners.
 * Image names refer to files in ./images (drawn by scripts/generate-demo-images.ts).
 */

export type DemoProduct = {
  name: string;
  slug: string;
  priceCents: number;
  weightType: "30ml" | "30g";
  soldOut: boolean;
  images: string[];
  tags: string[];
  initialViewCount: number;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string[];
  description: string;
  /** Sizes sold besides the first (`weightType` at `priceCents`), shown in the product page picker. */
  moreSizes?: { title: string; priceCents: number; compareAtCents: number }[];
  /** Multi-pack savings ("Buy 3, save 10%"). */
  quantityTiers?: { minQuantity: number; percentOff: number }[];
};

export const demoProducts: DemoProduct[] = [
  {
    name: "Pure Himalayan Shilajit Resin",
    slug: "pure-himalayan-shilajit-resin",
    priceCents: 5999,
    weightType: "30g",
    soldOut: false,
    images: ["product-pure-resin-1.webp", "product-pure-resin-2.webp", "product-pure-resin-3.webp"],
    tags: ["resin", "bestseller", "lab tested"],
    moreSizes: [
      { title: "50g", priceCents: 8999, compareAtCents: 9998 },
      { title: "100g", priceCents: 15999, compareAtCents: 19996 },
    ],
    quantityTiers: [
      { minQuantity: 3, percentOff: 10 },
      { minQuantity: 6, percentOff: 15 },
    ],
    initialViewCount: 312,
    seoTitle: "Pure Himalayan Shilajit Resin 30g | Peak Shilajit",
    seoDescription:
      "Authentic shilajit resin harvested above 16,000 feet in the Himalaya. Rich in fulvic acid, third-party lab tested. 30g jar, about 60 servings.",
    seoKeywords: ["shilajit resin", "himalayan shilajit", "pure shilajit", "fulvic acid"],
    description: [
      "Our signature resin is gathered by hand from rock faces above 16,000 feet in the Himalaya, where shilajit seeps from the stone in the summer heat. It is filtered through spring water and slowly sun-dried, never heat-blasted, so the resin keeps its natural fulvic acid and trace minerals.",
      "How to use: dissolve a pea-sized portion (300–500mg) in warm water, tea or milk once a day, ideally in the morning. The 30g jar lasts about two months.",
      "Every batch is third-party lab tested for heavy metals, microbes and fulvic acid content; the batch code on the lid can be checked on our validity page.",
    ].join("\n\n"),
  },
  {
    name: "Gold Grade Shilajit Resin",
    slug: "gold-grade-shilajit-resin",
    priceCents: 8999,
    weightType: "30g",
    soldOut: false,
    images: ["product-gold-grade-1.webp", "product-gold-grade-2.webp", "product-gold-grade-3.webp"],
    tags: ["resin", "premium", "gold grade"],
    initialViewCount: 204,
    seoTitle: "Gold Grade Shilajit Resin 30g | Peak Shilajit",
    seoDescription:
      "Our richest shilajit: small-batch Gold Grade resin from above 17,000 feet, over 65% fulvic acid, lab tested for purity. 30g jar.",
    seoKeywords: ["gold grade shilajit", "premium shilajit", "shilajit resin"],
    description: [
      "Gold Grade is chosen from the highest-altitude harvests, above 17,000 feet, where the resin is densest. Each small batch is graded by hand for its glossy, pliable texture and tested to contain over 65% fulvic acid.",
      "How to use: take 300–500mg (a pea-sized piece) dissolved in a warm drink each morning. Start at the lower amount for the first week.",
      "Lab tested for lead, arsenic, mercury and cadmium, with the certificate of analysis available for every batch.",
    ].join("\n\n"),
  },
  {
    name: "Liquid Shilajit Drops",
    slug: "liquid-shilajit-drops",
    priceCents: 3999,
    weightType: "30ml",
    soldOut: false,
    images: ["product-liquid-drops-1.webp", "product-liquid-drops-2.webp", "product-liquid-drops-3.webp"],
    tags: ["liquid", "drops", "travel friendly"],
    initialViewCount: 158,
    seoTitle: "Liquid Shilajit Drops 30ml | Peak Shilajit",
    seoDescription:
      "Himalayan shilajit resin dissolved in purified water for easy dosing. A few drops in water or tea; lab tested, 30ml bottle with dropper.",
    seoKeywords: ["liquid shilajit", "shilajit drops", "himalayan shilajit"],
    description: [
      "The same high-altitude Himalayan resin, gently dissolved in purified mountain water so you can dose it with a dropper. Nothing else is added.",
      "How to use: add one full dropper (about 400mg of resin) to water or tea once a day. Shake before use and keep the bottle out of direct sunlight.",
      "Lab tested for purity and fulvic acid; handy for travel, the gym bag or the office drawer.",
    ].join("\n\n"),
  },
  {
    name: "Summit Reserve Shilajit Resin",
    slug: "summit-reserve-shilajit-resin",
    priceCents: 7499,
    weightType: "30ml",
    soldOut: true,
    images: [
      "product-summit-reserve-1.webp",
      "product-summit-reserve-2.webp",
      "product-summit-reserve-3.webp",
    ],
    tags: ["resin", "limited", "small batch"],
    initialViewCount: 97,
    seoTitle: "Summit Reserve Shilajit Resin 30ml | Peak Shilajit",
    seoDescription:
      "A limited late-summer harvest from above 18,000 feet, aged for a smoother taste. Lab tested Himalayan shilajit resin in a 30ml jar.",
    seoKeywords: ["summit reserve shilajit", "limited shilajit", "aged shilajit resin"],
    description: [
      "Summit Reserve comes from a single late-summer harvest above 18,000 feet and is rested for six months before jarring, which gives it a smoother, less bitter taste.",
      "How to use: a pea-sized portion (300–500mg) dissolved in warm water or tea, once a day.",
      "Only a few hundred jars are made each year. Lab tested like every Peak Shilajit batch.",
    ].join("\n\n"),
  },
];

export type DemoPost = {
  title: string;
  slug: string;
  excerpt: string;
  image: string;
  /** Days before the seed runs; null for a draft. */
  publishedDaysAgo: number | null;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string[];
  content: string;
};

export const demoPosts: DemoPost[] = [
  {
    title: "What Is Shilajit? A Beginner's Guide to Himalayan Resin",
    slug: "what-is-shilajit-a-beginners-guide-to-himalayan-resin",
    excerpt: "Where shilajit comes from, why altitude matters, and what to look for in a genuine resin.",
    image: "blog-harvest.webp",
    publishedDaysAgo: 3,
    seoTitle: "What Is Shilajit? Beginner's Guide | Peak Shilajit",
    seoDescription:
      "Shilajit is a mineral-rich resin that seeps from Himalayan rock above 16,000 feet. Learn where it comes from and how to spot the real thing.",
    seoKeywords: ["what is shilajit", "himalayan shilajit", "shilajit resin"],
    content: `Shilajit is a sticky, tar-like resin that seeps from cracks in high mountain rock during the warm months. It forms over centuries as plant matter is slowly compressed between layers of stone.

## Why altitude matters

The best resin is found **above 16,000 feet**, where the cold, thin air and strong sun slow decomposition and concentrate minerals. Lower-altitude material is often softer, lighter in colour and lower in fulvic acid.

## What is in it

- **Fulvic acid**, the compound most studies focus on
- Humic substances
- Dozens of trace minerals such as iron, zinc and magnesium

## How to spot genuine resin

1. It softens in your warm hand and hardens again in the fridge.
2. It dissolves completely in warm water, without grit.
3. The seller publishes a lab report for the batch.

You can read our own reports in [How We Verify Every Batch](/blog/lab-tested-how-we-verify-every-batch), and check the code on your jar on the [validity page](/validity).`,
  },
  {
    title: "How to Take Shilajit Resin: Dosage, Timing and Tips",
    slug: "how-to-take-shilajit-resin-dosage-timing-and-tips",
    excerpt: "A pea-sized piece, a warm drink and a little patience: the simple routine most people follow.",
    image: "blog-tea.webp",
    publishedDaysAgo: 10,
    seoTitle: "How to Take Shilajit Resin: Dosage & Tips | Peak Shilajit",
    seoDescription:
      "How much shilajit to take (300–500mg), when to take it and how to dissolve the resin. A practical guide for new users.",
    seoKeywords: ["how to take shilajit", "shilajit dosage", "shilajit resin"],
    content: `Taking resin is simpler than it looks. Here is the routine we suggest to new customers.

## How much

Most people take **300–500mg a day**, roughly the size of a pea. Start at the lower end for the first week.

## How to dissolve it

1. Scoop a pea-sized piece with the spoon in the box.
2. Stir it into a cup of warm (not boiling) water, tea or milk.
3. Wait a minute until it has fully dissolved, then drink.

## When

- Morning works best for most people.
- Take it with or without food.
- Consistency matters more than timing: give it a few weeks.

> Shilajit is a food supplement. If you are pregnant, nursing or take medication, ask your doctor first.

Prefer drops? Our [Liquid Shilajit Drops](/products/liquid-shilajit-drops) are pre-dissolved: one dropper is about 400mg of resin.`,
  },
  {
    title: "Fulvic Acid Explained: Why It Matters in Shilajit",
    slug: "fulvic-acid-explained-why-it-matters-in-shilajit",
    excerpt:
      "Fulvic acid is the part of shilajit most research looks at. Here is what it is and how we measure it.",
    image: "blog-fulvic.webp",
    publishedDaysAgo: 17,
    seoTitle: "Fulvic Acid in Shilajit, Explained | Peak Shilajit",
    seoDescription:
      "What fulvic acid is, why it is the key marker of shilajit quality, and how much of it our lab-tested Himalayan resin contains.",
    seoKeywords: ["fulvic acid", "shilajit fulvic acid", "shilajit quality"],
    content: `Fulvic acid is a small organic molecule formed when plant matter breaks down over a very long time. It is one of the main components of shilajit and the one most often used to judge quality.

## Why it matters

- It is the marker labs use to compare batches.
- It binds minerals, which is why shilajit is often described as a *carrier* of nutrients.
- Its share drops when resin is over-heated during processing.

## How much is in our resin

| Product | Fulvic acid |
| --- | --- |
| Pure Himalayan Shilajit Resin | 60%+ |
| Gold Grade Shilajit Resin | 65%+ |

We sun-dry our resin instead of boiling it down, which keeps fulvic acid levels high. The exact figure for each batch is on its certificate of analysis, shown on our [home page](/).

### Further reading

- [What Is Shilajit?](/blog/what-is-shilajit-a-beginners-guide-to-himalayan-resin)
- [How to Take Shilajit Resin](/blog/how-to-take-shilajit-resin-dosage-timing-and-tips)`,
  },
  {
    title: "Lab Tested: How We Verify Every Batch",
    slug: "lab-tested-how-we-verify-every-batch",
    excerpt:
      "Heavy metals, microbes, fulvic acid: what our independent lab checks, and how to verify your own jar.",
    image: "blog-lab.webp",
    publishedDaysAgo: 26,
    seoTitle: "Lab Tested: How We Verify Every Batch | Peak Shilajit",
    seoDescription:
      "Every Peak Shilajit batch is tested by an independent lab for heavy metals, microbes and fulvic acid. See what we test and check your batch code.",
    seoKeywords: ["lab tested shilajit", "shilajit heavy metals", "shilajit certificate"],
    content: `Raw shilajit can contain heavy metals and microbes, so testing is not optional. Every batch we sell goes to an independent, ISO/IEC 17025 accredited laboratory before it is jarred.

## What we test

- **Heavy metals:** lead, arsenic, mercury and cadmium
- **Microbiology:** total plate count, yeast and mould, E. coli, Salmonella
- **Composition:** fulvic acid and humic acid content, moisture

A batch that fails any test is not sold.

## Check your jar

Each lid carries a batch code such as \`SH1001\`. Enter it on our [validity page](/validity) to confirm your jar is genuine.

## For partner stores

Retail partners can add our batch checker to their own site with this snippet:

\`\`\`html
<div id="peak-validity"></div>
<script src="https://www.peakshilajit.com/embed/validity.js" async></script>
\`\`\`

Questions about a report? [Contact us](/contact) and we will send the full PDF.`,
  },
  {
    title: "30 Days of Shilajit: A Simple Routine",
    slug: "30-days-of-shilajit-a-simple-routine",
    excerpt: "A month-long plan to build the habit, with notes on what to expect each week.",
    image: "blog-routine.webp",
    publishedDaysAgo: null,
    seoTitle: "30 Days of Shilajit: A Simple Routine | Peak Shilajit",
    seoDescription:
      "A simple four-week routine for new shilajit users, with what to expect each week. Draft.",
    seoKeywords: ["shilajit routine", "30 days shilajit"],
    content: `## Week 1

Start with 300mg each morning in warm water.

## Week 2–4

- Move up to 400–500mg if you feel like it.
- Keep a short note of sleep and energy.

*Draft: add reader stories before publishing.*`,
  },
];

export type DemoTestimonial = {
  name: string;
  title: string;
  content: string;
  rating: number;
  avatar: string | null;
  mediaType: "none" | "image" | "video";
  media: string | null;
};

/**
 * The video testimonial ships a real 19 KB WebM (key-frame slideshow built from WebP frames by
 * scripts/generate-demo-images.ts), served from /uploads like every other demo file: it plays
 * offline and in tests, unlike an external embed.
 */
export const demoTestimonials: DemoTestimonial[] = [
  {
    name: "Maya Rodriguez",
    title: "Trail runner, Boulder CO",
    content:
      "I was sceptical about resin, but a pea-sized piece in my morning tea has become a habit. Long runs feel steadier and I no longer reach for a second coffee in the afternoon. The jar lasts me about two months.",
    rating: 5,
    avatar: "avatar-maya.webp",
    mediaType: "none",
    media: null,
  },
  {
    name: "Daniel Kim",
    title: "Software engineer, Austin TX",
    content:
      "I liked that the batch code on the lid checked out on the website and that the lab report was easy to find. It dissolves completely in warm water and the taste is earthy but fine.",
    rating: 5,
    avatar: "avatar-daniel.webp",
    mediaType: "image",
    media: "testimonial-photo.webp",
  },
  {
    name: "Priya Shah",
    title: "Yoga teacher, Seattle WA",
    content:
      "Six weeks in and it is part of my morning routine. I recorded a short clip from my hikes along the way.",
    rating: 5,
    avatar: "avatar-priya.webp",
    mediaType: "video",
    media: "testimonial-video.webm",
  },
  {
    name: "Marcus Thompson",
    title: "Verified buyer",
    content:
      "Good quality resin and fast shipping to Ohio. Took me a week to get used to the taste; now I take it in warm milk with a little honey.",
    rating: 4,
    avatar: null,
    mediaType: "none",
    media: null,
  },
];

export const demoPartners = [
  {
    name: "Summit Wellness",
    logo: "partner-summit-wellness.webp",
    websiteUrl: "https://summit-wellness.example.com",
    description: "Natural health stores across Colorado carrying our resin since 2021.",
  },
  {
    name: "Alpine Apothecary",
    logo: "partner-alpine-apothecary.webp",
    websiteUrl: "https://alpine-apothecary.example.com",
    description: "An herbal apothecary in Portland focused on traditional remedies.",
  },
  {
    name: "Trailhead Nutrition",
    logo: "partner-trailhead.webp",
    websiteUrl: "https://trailhead-nutrition.example.com",
    description: "Outdoor nutrition shop supplying hikers and climbers.",
  },
];

export type DemoCollection = {
  name: string;
  slug: string;
  description: string;
  image: string;
  seoTitle: string;
  seoDescription: string;
  /** The demo products in it (by slug), in the collection's order. */
  productSlugs: string[];
};

export const demoCollections: DemoCollection[] = [
  {
    name: "Resin",
    slug: "resin",
    description:
      "Shilajit as it comes from the rock: a dense resin you dissolve in a warm drink. From our everyday jar to the small-batch Gold Grade and Summit Reserve.",
    image: "product-pure-resin-2.webp",
    seoTitle: "Shilajit Resin Collection | Peak Shilajit",
    seoDescription:
      "Every Peak Shilajit resin in one place: Pure Himalayan, Gold Grade and the limited Summit Reserve. Lab tested, batch verified.",
    productSlugs: [
      "pure-himalayan-shilajit-resin",
      "gold-grade-shilajit-resin",
      "summit-reserve-shilajit-resin",
    ],
  },
  {
    name: "Drops",
    slug: "drops",
    description: "Himalayan resin dissolved in purified water, dosed with a dropper: shilajit for the road.",
    image: "product-liquid-drops-1.webp",
    seoTitle: "Liquid Shilajit Drops | Peak Shilajit",
    seoDescription: "Liquid shilajit drops: the same lab-tested Himalayan resin in a 30ml dropper bottle.",
    productSlugs: ["liquid-shilajit-drops"],
  },
  {
    name: "Bundles",
    slug: "bundles",
    description:
      "The pairs our customers buy together: a jar of resin for home and a bottle of drops for travel.",
    image: "product-gold-grade-2.webp",
    seoTitle: "Shilajit Bundles | Peak Shilajit",
    seoDescription:
      "Resin for home, drops for travel: the Peak Shilajit products customers buy together most.",
    productSlugs: ["pure-himalayan-shilajit-resin", "liquid-shilajit-drops"],
  },
];
