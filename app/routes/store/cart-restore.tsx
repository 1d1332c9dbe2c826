import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { brand } from "~core/brand.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import type { Route } from "./+types/cart-restore";
import { restoreCartFromLink } from "./cart-restore.server.ts";

export function meta() {
  return [{ title: `Cart link | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

/**
 * The restore link of an abandoned-cart reminder (docs/abandoned-carts.md): the lines the email
 * showed go into this visitor's cart, then the cart page. A forged or expired link changes nothing.
 * Headers (no-store, no-referrer, noindex) are set for the whole path in server/http/app.ts.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const restored = await restoreCartFromLink(context, request, params.token);
  if (!restored) return data({ invalid: true }, { status: 404 });
  return redirectWithToast(
    "/cart",
    {
      title: "Your cart is back",
      description: "The items from our email are in your cart.",
      variant: "success",
    },
    { headers: restored.headers },
  );
}

export default function CartRestore() {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold">This link has expired</h1>
      <p className="mt-2 text-muted-foreground">
        This cart link is invalid or has expired. Your cart and our products are still here.
      </p>
      <Link to="/products" className={`${buttonClass()} mt-6`}>
        Browse products
      </Link>
    </section>
  );
}
