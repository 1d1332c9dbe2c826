import { Mountain, Search, ShoppingBag } from "lucide-react";
import { Link, NavLink } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import { brand } from "~core/brand.ts";
import { AccountMenu } from "./account-menu.tsx";
import { CartBadge } from "./cart-badge.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { cartLabel, type StoreUser, storeNavLinks } from "./nav.ts";
import { SearchForm } from "./search-form.tsx";

export type HeaderProps = {
  user: StoreUser | null;
  /** Total quantity of all cart lines; the badge shows when above 0. */
  cartQuantity: number;
  /** Opens the cart drawer. Without it the cart control is a link to /cart. */
  onCartClick?: () => void;
  /** The pointer or focus came to the cart button: a good moment to fetch the drawer's code. */
  onCartIntent?: () => void;
};

export function Header({ user, cartQuantity, onCartClick, onCartIntent }: HeaderProps) {
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
        {/* The field needs the width of a wide screen; narrower ones get a link to /search
            (and the mobile menu has the field). */}
        <SearchForm landmarkLabel="Site" className="hidden w-56 xl:block" />
        <Link
          to="/search"
          className={buttonClass({
            variant: "ghost",
            size: "icon",
            className: "hidden md:inline-flex xl:hidden",
          })}
        >
          <Search className="size-5!" aria-hidden />
          <span className="sr-only">Search</span>
        </Link>
        <div data-personal-part className="ml-auto flex items-center gap-1 md:ml-0">
          <CartControl quantity={cartQuantity} onClick={onCartClick} onIntent={onCartIntent} />
          {user ? (
            <AccountMenu user={user} />
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

function CartControl({
  quantity,
  onClick,
  onIntent,
}: {
  quantity: number;
  onClick?: () => void;
  onIntent?: () => void;
}) {
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
      <button
        type="button"
        className={className}
        onClick={onClick}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
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
