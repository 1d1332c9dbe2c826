import { Suspense, useState } from "react";
import { data, Outlet, useLocation } from "react-router";
import { Footer } from "~/components/store/footer.tsx";
import { Header } from "~/components/store/header.tsx";
import type { StoreUser } from "~/components/store/nav.ts";
import { NavigationProgress } from "~/components/store/navigation-progress.tsx";
import { useCart } from "~/components/store/use-cart.ts";
import { lazyWithPreload } from "~/components/ui/lazy-with-preload.ts";
import { useHydrated } from "~/hooks/use-hydrated.ts";
import { usePersonalPart } from "~/hooks/use-personal-part.ts";
import { requestSession } from "~server/auth/session.ts";
import { footerContent } from "~server/content/footer.ts";
import type { Route } from "./+types/layout";
import { loadCart, loadPurchaseType } from "./cart-request.server.ts";
import { requestCartCoupon } from "./checkout-request.server.ts";
import { cartShippingEstimate } from "./shipping-estimate.server.ts";

// The drawer (Radix Dialog, cart rows) is loaded when the cart is first opened.
const CartDrawer = lazyWithPreload(() =>
  import("~/components/store/cart-drawer.tsx").then((module) => module.CartDrawer),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  let user: StoreUser | null = null;
  let userId: string | null = null;
  const headers = new Headers();
  try {
    // returnHeaders: better-auth may roll the session cookie forward; pass that on to the browser.
    const { headers: authHeaders, response: session } = await requestSession(context, request);
    for (const cookie of authHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
    if (session) {
      user = { email: session.user.email, name: session.user.name };
      userId = session.user.id;
    }
  } catch (error) {
    // A broken or expired session must not take the storefront down: treat it as signed out.
    context.log.warn({ err: error }, "session lookup failed in store layout");
  }
  // Priced on the server for every page, so the header badge is right in the first HTML.
  const cart = await loadCart(context, request, userId);
  const shippingEstimate = await cartShippingEstimate(context, cart);
  const coupon = await requestCartCoupon(context, request, userId, cart);
  const purchaseType = await loadPurchaseType(context, request, userId);
  return data({ user, cart, shippingEstimate, coupon, purchaseType, footer: footerContent }, { headers });
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  usePersonalPart();
  const cart = useCart();
  const hydrated = useHydrated();
  const [cartOpen, setCartOpen] = useState(false);
  // Stays mounted once opened, so it can animate out and reopen at once.
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (cartOpen && !drawerMounted) setDrawerMounted(true);

  // Close the drawer on any navigation (Checkout, Browse Products, a product link, back button).
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState(pathname);
  if (pathname !== openedOn) {
    setOpenedOn(pathname);
    setCartOpen(false);
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <NavigationProgress />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* Without JavaScript the cart control stays a link to /cart. */}
      <Header
        user={user}
        cartQuantity={cart.quantity}
        onCartClick={hydrated ? () => setCartOpen(true) : undefined}
        onCartIntent={CartDrawer.preload}
      />
      {drawerMounted && (
        <Suspense fallback={null}>
          <CartDrawer open={cartOpen} onOpenChange={setCartOpen} />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer content={loaderData.footer} />
    </div>
  );
}
