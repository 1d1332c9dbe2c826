import { data, Outlet } from "react-router";
import { Footer } from "~/components/store/footer.tsx";
import { Header } from "~/components/store/header.tsx";
import type { StoreUser } from "~/components/store/nav.ts";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  let user: StoreUser | null = null;
  const headers = new Headers();
  try {
    // returnHeaders: better-auth may roll the session cookie forward; pass that on to the browser.
    const { headers: authHeaders, response: session } = await context.auth.api.getSession({
      headers: request.headers,
      returnHeaders: true,
    });
    for (const cookie of authHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
    if (session) user = { email: session.user.email, name: session.user.name };
  } catch (error) {
    // A broken or expired session must not take the storefront down: treat it as signed out.
    context.log.warn({ err: error }, "session lookup failed in store layout");
  }
  // Placeholder-free default: the cart module will supply the real total quantity here.
  const cartQuantity = 0;
  return data({ user, cartQuantity }, { headers });
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const { user, cartQuantity } = loaderData;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header user={user} cartQuantity={cartQuantity} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
