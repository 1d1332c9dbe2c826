import { ShoppingBag } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { formatMoney } from "~core/pricing/money.ts";

/**
 * A phone's add-to-cart bar (issue 31), fixed to the bottom while the page's own Add to Cart is
 * out of view. Its button submits the product's form (by id), so the size, quantity and purchase
 * chosen there go with it. Hidden from md up, and while the form's button is in view (one button
 * for screen readers and tests at a time). Fixed, so showing or hiding it moves nothing.
 */
export function StickyAddToCart({
  formId,
  priceCents,
  name,
}: {
  formId: string;
  priceCents: number;
  name: string;
}) {
  const inView = useFormButtonInView(formId);
  return (
    <section
      aria-label="Add to cart bar"
      className={`fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 shadow-lg backdrop-blur md:hidden ${inView ? "invisible" : ""}`}
    >
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">{name}</span>
        <span className="font-semibold text-primary tabular-nums">{formatMoney(priceCents)}</span>
      </span>
      <Button type="submit" form={formId} size="lg">
        <ShoppingBag aria-hidden />
        Add to Cart
      </Button>
    </section>
  );
}

/** Whether the form's own submit button is on screen (false before the browser says). */
function useFormButtonInView(formId: string) {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const button = document.getElementById(formId)?.querySelector('button[type="submit"]');
    if (!button || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)));
    observer.observe(button);
    return () => observer.disconnect();
  }, [formId]);
  return inView;
}
