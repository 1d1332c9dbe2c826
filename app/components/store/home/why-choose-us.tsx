import { Headphones, Mountain, ShieldCheck, Users } from "lucide-react";
import { Section } from "./section.tsx";

const reasons = [
  {
    icon: Users,
    title: "10,000+ Customers",
    text: "A community of more than 10,000 customers who take our resin every day.",
  },
  {
    icon: Mountain,
    title: "Above 16,000 Feet",
    text: "Harvested only at altitudes above 16,000 feet, where the purest resin forms.",
  },
  {
    icon: ShieldCheck,
    title: "Lab Tested & Verifiable",
    text: "Independent lab reports and a unique batch number on every jar.",
  },
  {
    icon: Headphones,
    title: "24/7 Support",
    text: "Questions about dosage or your order? We answer around the clock.",
  },
] as const;

export function WhyChooseUs() {
  return (
    <Section eyebrow="Our promise" title="Why Choose Us">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col items-center rounded-lg border bg-card p-6 text-center">
            <Icon className="size-10 text-primary" aria-hidden />
            <h3 className="mt-4 text-xl font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
