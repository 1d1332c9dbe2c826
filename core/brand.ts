/** The brand's public facts, used by the layout, emails, SEO and structured data. */
export const brand = {
  name: "Peak Shilajit",
  legalName: "Peak Naturals LLC",
  tagline: "Pure Himalayan shilajit resin, harvested above 16,000 feet",
  supportEmail: "support@peakshilajit.com",
  bulkEmail: "bulk@peakshilajit.com",
  website: "www.peakshilajit.com",
  office: "Dallas, Texas, USA",
  distributor: "Distributed in the USA by Peak Naturals LLC, Dallas, Texas",
} as const;
