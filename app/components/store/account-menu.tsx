import { UserRound } from "lucide-react";
import { type ComponentProps, Suspense, useState } from "react";
import { buttonClass } from "~/components/ui/button.tsx";
import { lazyWithPreload } from "~/components/ui/lazy-with-preload.ts";
import type { StoreUser } from "./nav.ts";

// The dropdown (Radix Menu + its positioning code) is loaded on the first click.
const AccountMenuDropdown = lazyWithPreload(() =>
  import("./account-menu-dropdown.tsx").then((module) => module.AccountMenuDropdown),
);

/** The signed-in account's menu button, and its dropdown once it is first opened. */
export function AccountMenu({ user }: { user: StoreUser }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <AccountMenuButton
      onClick={() => setWanted(true)}
      onPointerEnter={AccountMenuDropdown.preload}
      onFocus={AccountMenuDropdown.preload}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenuDropdown user={user} />
    </Suspense>
  );
}

/** The round account button; the dropdown wraps the same button as its Radix trigger. */
export function AccountMenuButton(props: ComponentProps<"button">) {
  return (
    <button
      type="button"
      className={buttonClass({ variant: "ghost", size: "icon" })}
      aria-label="Account menu"
      {...props}
    >
      <UserRound className="size-5!" aria-hidden />
    </button>
  );
}
