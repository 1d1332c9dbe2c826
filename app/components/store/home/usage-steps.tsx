import { Section } from "./section.tsx";

const steps = [
  {
    title: "Take a pea-sized portion",
    text: "Scoop 300-500mg of resin, about the size of a pea, with the spoon in the box.",
  },
  {
    title: "Dissolve it",
    text: "Stir it into a cup of warm (not boiling) water, tea or milk until fully dissolved.",
  },
  { title: "Drink once a day", text: "Most people take it in the morning, with or without food." },
  {
    title: "Stay consistent",
    text: "Give it a few weeks: a daily routine matters more than the exact time.",
  },
] as const;

export function UsageSteps() {
  return (
    <Section eyebrow="Simple daily ritual" title="How to Use Shilajit" className="bg-card/40">
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, i) => (
          <li key={step.title} className="flex flex-col items-center text-center">
            <span
              aria-hidden
              className="flex size-12 items-center justify-center rounded-full border-2 border-primary font-display text-xl font-semibold text-primary"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
