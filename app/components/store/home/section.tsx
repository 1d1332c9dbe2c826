import { useId } from "react";
import { cn } from "~/lib/cn.ts";

export type SectionProps = {
  title: string;
  /** Short line above the heading. */
  eyebrow?: string;
  intro?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
};

/** A home page band: a labelled region with a centred heading. */
export function Section({ title, eyebrow, intro, className, children }: SectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("py-16 sm:py-20", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          {eyebrow && (
            <p className="mb-2 text-sm font-semibold tracking-widest text-primary uppercase">{eyebrow}</p>
          )}
          <h2 id={headingId} className="text-3xl font-semibold text-foreground sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-muted-foreground">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
