import { Outlet, useNavigation } from "react-router";
import { adminNavItems } from "~/components/admin/nav.ts";
import { AdminMobileNav, AdminSidebar, PaletteButton } from "~/components/admin/sidebar.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { brand } from "~core/brand.ts";
import { adminUser } from "~server/auth/guards.ts";
import type { Route } from "./+types/layout";

export function loader({ context }: Route.LoaderArgs) {
  const { email, access } = context.get(adminUser);
  return { email, access };
}

export function meta() {
  return [{ title: `Admin | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

/** While another screen loads: "Loading contacts...", "Loading orders...", … */
function useLoadingText() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  const target = adminNavItems.find((item) => navigation.location.pathname === item.to);
  return target ? `Loading ${target.label.toLowerCase()}...` : null;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const loading = useLoadingText();
  return (
    <div className="flex min-h-dvh">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <AdminSidebar email={loaderData.email} access={loaderData.access} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/90 px-4 backdrop-blur lg:hidden">
          <AdminMobileNav email={loaderData.email} access={loaderData.access} />
          <span className="font-display text-lg font-semibold text-primary">Admin</span>
          <PaletteButton />
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          {loading && (
            <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner label={loading} />
              <span aria-hidden>{loading}</span>
            </p>
          )}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
