import { LogOut, Mountain, Package, Repeat, Settings, ShoppingBag, UserRound } from "lucide-react";
import { Form, Link, NavLink } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu.tsx";
import { brand } from "~/lib/brand.ts";
import { cn } from "~/lib/cn.ts";
import { CartBadge } from "./cart-badge.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { cartLabel, type StoreUser, storeNavLinks } from "./nav.ts";

export type HeaderProps = {
  user: StoreUser | null;
  /** Total quantity of all cart lines; the badge shows when above 0. */
  cartQuantity: number;
  /** Opens the cart drawer. Without it the cart control is a link to /cart. */
  onCartClick?: () => void;
};

export function Header({ user, cartQuantity, onCartClick }: HeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <MobileMenu user={user} cartQuantity={cartQuantity} onCartClick={onCartClick} />
        <Logo />
        <nav aria-label="Main" className="mx-auto hidden md:block">
          <ul className="flex items-center gap-1 lg:gap-2">
            {storeNavLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  className={({ isActive }) =>
                    cn(
                      "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-primary",
                      isActive ? "text-primary" : "text-foreground/90",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <CartControl quantity={cartQuantity} onClick={onCartClick} />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/auth" className={buttonClass({ variant: "outline", size: "sm", className: "ml-1" })}>
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-display text-lg font-semibold tracking-wide whitespace-nowrap text-primary sm:text-2xl"
    >
      {/* The emblem gives way on the narrowest phones so the header never overflows. */}
      <span
        aria-hidden
        className="hidden size-9 items-center justify-center rounded-full border border-primary/60 min-[400px]:flex"
      >
        <Mountain className="size-5" strokeWidth={1.75} />
      </span>
      {brand.name}
    </Link>
  );
}

function CartControl({ quantity, onClick }: { quantity: number; onClick?: () => void }) {
  const className = buttonClass({ variant: "ghost", size: "icon", className: "relative" });
  const content = (
    <>
      <ShoppingBag className="size-5!" aria-hidden />
      <span className="sr-only">{cartLabel(quantity)}</span>
      <CartBadge quantity={quantity} className="absolute -top-0.5 -right-0.5" />
    </>
  );
  if (onClick) {
    return (
      <button type="button" className={className} onClick={onClick}>
        {content}
      </button>
    );
  }
  return (
    <Link to="/cart" className={className}>
      {content}
    </Link>
  );
}

function UserMenu({ user }: { user: StoreUser }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={buttonClass({ variant: "ghost", size: "icon" })}
        aria-label="Account menu"
      >
        <UserRound className="size-5!" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block text-xs text-muted-foreground">Signed in as</span>
          <span className="block truncate text-sm text-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/orders">
            <Package aria-hidden />
            My Orders
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account/subscriptions">
            <Repeat aria-hidden />
            My Subscriptions
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account">
            <Settings aria-hidden />
            My Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <Form method="post" action="/auth/sign-out">
          {/* Keep the menu (and so the form) mounted while the submit goes out. */}
          <DropdownMenuItem asChild onSelect={(event) => event.preventDefault()}>
            <button type="submit">
              <LogOut aria-hidden />
              Sign out
            </button>
          </DropdownMenuItem>
        </Form>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
