import { ShieldCheck, ShoppingBag } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";

/** The five highlights the hero cycles through, one every 3 seconds. */
export const HERO_HIGHLIGHTS = [
  "Harvested above 16,000 feet",
  "Trusted by 10,000+ customers",
  "Third-party lab tested",
  "Every batch number verifiable",
  "24/7 customer support",
] as const;

export const HERO_ROTATION_MS = 3000;

/** Index of the highlighted position; stays put for people who ask for reduced motion. */
function useRotatingIndex(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    let timer: number | undefined;
    const start = () => {
      window.clearInterval(timer);
      timer = reduced.matches
        ? undefined
        : window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    };
    start();
    reduced.addEventListener("change", start);
    return () => {
      window.clearInterval(timer);
      reduced.removeEventListener("change", start);
    };
  }, [count, intervalMs]);
  return index;
}

export function Hero() {
  const active = useRotatingIndex(HERO_HIGHLIGHTS.length, HERO_ROTATION_MS);
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden border-b bg-[radial-gradient(ellipse_at_top,_#2b2112_0%,_#0c0a07_65%)]"
    >
      <div className="mx-auto flex max-w-7xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28 lg:px-8">
        <p className="mb-4 text-sm font-semibold tracking-widest text-primary uppercase">
          Pure Himalayan Shilajit
        </p>
        <h1
          id="hero-heading"
          className="max-w-4xl text-4xl leading-tight font-semibold text-foreground sm:text-6xl"
        >
          Ancient Mountain Strength, <span className="text-primary">Pure and Verified</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
          Hand-harvested shilajit resin from rock faces above 16,000 feet, sun-dried and lab tested. Take
          300-500mg a day and feel the difference nature intended.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/products" className={buttonClass({ size: "lg" })}>
            <ShoppingBag aria-hidden />
            Shop Now
          </Link>
          <Link to="/validity" className={buttonClass({ size: "lg", variant: "outline" })}>
            <ShieldCheck aria-hidden />
            Validate
          </Link>
        </div>
        <ul aria-label="Highlights" className="mt-12 flex max-w-4xl flex-wrap justify-center gap-2 sm:gap-3">
          {HERO_HIGHLIGHTS.map((text, i) => (
            <li
              key={text}
              aria-current={i === active ? "true" : undefined}
              className={cn(
                "rounded-full border px-4 py-2 text-sm transition-colors duration-500",
                i === active
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-card/60 text-muted-foreground",
              )}
            >
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
