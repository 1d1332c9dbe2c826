import { LogOut, ShoppingBag } from "lucide-react";
import { Form, Link, NavLink } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "~/components/ui/sheet.tsx";
import { useOpenUntilNavigation } from "~/hooks/use-open-until-navigation.ts";
import { cn } from "~/lib/cn.ts";
import { accountLinks } from "./account-links.ts";
import { CartBadge } from "./cart-badge.tsx";
import { MobileMenuButton, type MobileMenuProps } from "./mobile-menu.tsx";
import { cartCountSuffix, storeNavLinks } from "./nav.ts";
import { SearchForm } from "./search-form.tsx";

const itemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-3 text-base font-medium transition-colors hover:bg-accent";

/**
 * The small-screen menu's 20rem side sheet with its toggle button as the trigger. Loaded by
 * MobileMenu on the first tap, so it mounts open.
 */
export function MobileMenuSheet({ user, cartQuantity, onCartClick, side = "left" }: MobileMenuProps) {
  // Mounted on the first tap (see MobileMenu), so it starts open.
  const [open, setOpen] = useOpenUntilNavigation(true);
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <MobileMenuButton />
      </SheetTrigger>
      <SheetContent side={side} width="20rem" className="gap-6">
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Site navigation and account</SheetDescription>
        </SheetHeader>

        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {storeNavLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  onClick={close}
                  className={({ isActive }) => cn(itemClass, isActive && "text-primary")}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              {onCartClick ? (
                <button
                  type="button"
                  className={itemClass}
                  onClick={() => {
                    close();
                    onCartClick();
                  }}
                >
                  <CartEntry quantity={cartQuantity} />
                </button>
              ) : (
                <Link to="/cart" className={itemClass} onClick={close}>
                  <CartEntry quantity={cartQuantity} />
                </Link>
              )}
            </li>
          </ul>
        </nav>

        {/* After the links: first in the sheet, the field would take the focus on opening and
            bring up a phone's keyboard over the menu. */}
        <SearchForm landmarkLabel="Menu" />

        <div className="mt-auto flex flex-col gap-3 border-t pt-6">
          {user ? (
            <>
              <p className="text-sm text-muted-foreground">
                Signed in as: <span className="break-all text-foreground">{user.email}</span>
              </p>
              {accountLinks.map(({ to, label, icon: Icon }) => (
                <Link
                  key={to}
                  to={to}
                  onClick={close}
                  className={buttonClass({ variant: "outline", className: "w-full" })}
                >
                  <Icon aria-hidden />
                  {label}
                </Link>
              ))}
              <Form method="post" action="/auth/sign-out">
                <Button type="submit" variant="ghost" className="w-full">
                  <LogOut aria-hidden />
                  Sign Out
                </Button>
              </Form>
            </>
          ) : (
            <Link to="/auth" onClick={close} className={buttonClass({ className: "w-full" })}>
              Sign In
            </Link>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function CartEntry({ quantity }: { quantity: number }) {
  return (
    <>
      <ShoppingBag className="size-5 text-primary" aria-hidden />
      Cart
      <span className="sr-only">{cartCountSuffix(quantity)}</span>
      <CartBadge quantity={quantity} className="ml-auto" />
    </>
  );
}
