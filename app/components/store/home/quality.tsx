import { Award, BadgeCheck, Droplets, Smile } from "lucide-react";
import { Section } from "./section.tsx";

const points = [
  {
    icon: Award,
    title: "Superior Quality",
    text: "Gathered by hand from rock faces above 16,000 feet, where the densest, most mineral-rich resin forms.",
  },
  {
    icon: Droplets,
    title: "Purity",
    text: "Filtered through spring water and slowly sun-dried, never heat-blasted, so the fulvic acid stays intact.",
  },
  {
    icon: BadgeCheck,
    title: "Authenticity",
    text: "Every jar carries a unique batch number you can check on our validity page in seconds.",
  },
  {
    icon: Smile,
    title: "Satisfaction",
    text: "More than 10,000 customers trust our resin, and our support team is there for you 24/7.",
  },
] as const;

export function QualitySection() {
  return (
    <Section
      eyebrow="The Peak difference"
      title="Why Our Shilajit Is Superior"
      intro="Four promises behind every jar we ship."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {points.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border bg-card p-6">
            <Icon className="size-8 text-primary" aria-hidden />
            <h3 className="mt-4 text-xl font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
