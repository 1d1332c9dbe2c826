import { Menu } from "lucide-react";
import { type ComponentProps, Suspense, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { lazyWithPreload } from "~/components/ui/lazy-with-preload.ts";
import type { StoreUser } from "./nav.ts";

export type MobileMenuProps = {
  user: StoreUser | null;
  cartQuantity: number;
  /** Opens the cart drawer. Without it the Cart entry is a link to /cart. */
  onCartClick?: () => void;
  side?: "left" | "right";
};

// The sheet (Radix Dialog) is loaded on the first tap: most visits never open the menu.
const MobileMenuSheet = lazyWithPreload(() =>
  import("./mobile-menu-sheet.tsx").then((module) => module.MobileMenuSheet),
);

/** The small-screen menu: its toggle button, and the side sheet once it is first opened. */
export function MobileMenu(props: MobileMenuProps) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <MobileMenuButton
      onClick={() => setWanted(true)}
      onPointerEnter={MobileMenuSheet.preload}
      onFocus={MobileMenuSheet.preload}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <MobileMenuSheet {...props} />
    </Suspense>
  );
}

/** The hamburger button; the sheet wraps the same button as its Radix trigger. */
export function MobileMenuButton(props: ComponentProps<"button">) {
  return (
    <Button variant="ghost" size="icon" aria-label="Open menu" className="-ml-2 md:hidden" {...props}>
      <Menu className="size-6!" aria-hidden />
    </Button>
  );
}
