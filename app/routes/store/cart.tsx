import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { CartPurchase } from "~/components/store/cart-purchase.tsx";
import { CartEmpty, CartLines, CartSummary, CheckoutButton } from "~/components/store/cart-view.tsx";
import { useCart } from "~/components/store/use-cart.ts";
import { buttonClass } from "~/components/ui/button.tsx";
import { safeRedirectPath } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { parseCartAction } from "~core/catalog/cart-input.ts";
import { getSessionUser } from "~server/auth/session.ts";
import { settle } from "~server/http/error-response.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import type { Route } from "./+types/cart";
import { changeCart } from "./cart-request.server.ts";

const CART_NOT_SAVED = "Your cart could not be saved. Please try again.";

/**
 * The one cart action (intents add / update / remove). Script-driven forms get data back;
 * plain form posts (no JavaScript) carry redirectTo and are sent back to their page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // Only same-site paths: an open redirect would let other sites bounce visitors through us.
  const redirectTo = form.get("redirectTo");
  const back = redirectTo === null ? null : safeRedirectPath(redirectTo);
  const parsed = parseCartAction(form);
  let headers = new Headers();
  let error: string | null = parsed.ok ? null : parsed.error;
  let status = 400;
  if (parsed.ok) {
    const user = await getSessionUser(context, request);
    // A refused change (CartError) answers 400 with its reason; a save error is logged and the
    // cart goes on as it was (spec: no error page); an unreachable database is a 503.
    const changed = await settle(
      context.log,
      "cart change not saved",
      () => changeCart(context, request, user?.id ?? null, parsed.action),
      { title: "Your cart was not updated", description: CART_NOT_SAVED, status: 500 },
    );
    if (changed.ok) ({ headers } = changed.value);
    else {
      error = changed.message.description ?? changed.message.title;
      ({ status, headers } = changed);
    }
  }
  if (back) {
    if (error) {
      return redirectWithToast(
        back,
        { title: "Your cart was not updated", description: error, variant: "destructive" },
        { headers },
      );
    }
    if (parsed.ok && parsed.action.intent === "add") {
      return redirectWithToast(back, { title: "Added to cart", variant: "success" }, { headers });
    }
    return redirect(back, { headers });
  }
  if (error) return data({ ok: false as const, error }, { status, headers });
  return data({ ok: true as const, intent: parsed.ok ? parsed.action.intent : "add" }, { headers });
}

export function meta() {
  return [{ title: `Your Cart | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

export default function CartPage() {
  const cart = useCart();
  if (cart.lines.length === 0 && cart.quantity === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <CartEmpty titleAs="h1" />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="mb-8 font-display text-4xl font-semibold">Your Cart</h1>
      <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
        <section aria-label="Cart items" className="rounded-lg border bg-card px-5">
          <CartLines cart={cart} />
        </section>
        <section aria-labelledby="summary-title" className="h-fit rounded-lg border bg-card p-5">
          <h2 id="summary-title" className="mb-4 font-display text-xl font-semibold">
            Order Summary
          </h2>
          <CartPurchase />
          <CartSummary cart={cart}>
            <CheckoutButton cart={cart} label="Proceed to Checkout" />
            <Link to="/products" className={buttonClass({ variant: "outline", className: "w-full" })}>
              <ArrowLeft aria-hidden />
              Continue Shopping
            </Link>
          </CartSummary>
        </section>
      </div>
    </div>
  );
}
