import { LogOut, Menu, Mountain, Search } from "lucide-react";
import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "~/components/ui/sheet.tsx";
import { useOpenUntilNavigation } from "~/hooks/use-open-until-navigation.ts";
import { cn } from "~/lib/cn.ts";
import { brand } from "~core/brand.ts";
import type { Role } from "~core/staff/roles.ts";
import { CommandPalette, openCommandPalette } from "./command-palette.tsx";
import { navGroupsFor } from "./nav.ts";

type NavProps = { email: string; access: Role };

/**
 * The admin's side navigation: a fixed column from `lg` up, a drawer behind a menu button below.
 * Only the screens the staff member's role opens, in groups; the list scrolls on its own, so the
 * account and Sign Out stay on screen however short the window.
 */
export function AdminSidebar({ email, access }: NavProps) {
  return (
    <aside className="hidden w-64 shrink-0 flex-col border-r bg-card lg:flex">
      <div className="sticky top-0 flex h-dvh flex-col gap-4 p-4">
        <Brand />
        <CommandPalette access={access} />
        <AdminNav access={access} />
        <Account email={email} access={access} />
      </div>
    </aside>
  );
}

export function AdminMobileNav({ email, access }: NavProps) {
  const [open, setOpen] = useOpenUntilNavigation(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open admin menu" className="lg:hidden">
          <Menu className="size-6!" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" width="18rem" className="max-h-dvh gap-4 p-4">
        <SheetTitle className="sr-only">Admin menu</SheetTitle>
        <SheetDescription className="sr-only">Back office screens and sign out</SheetDescription>
        <Brand />
        <AdminNav access={access} />
        <Account email={email} access={access} />
      </SheetContent>
    </Sheet>
  );
}

/** The phone header's way into the command palette (Ctrl/⌘+K needs a keyboard). */
export function PaletteButton() {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Search or jump to"
      className="ml-auto lg:hidden"
      onClick={openCommandPalette}
    >
      <Search className="size-5!" aria-hidden />
    </Button>
  );
}

function Brand() {
  return (
    <div className="flex items-center gap-2 px-2 font-display text-lg font-semibold text-primary">
      <Mountain className="size-5" aria-hidden />
      <span>{brand.name}</span>
      <span className="ml-auto rounded bg-accent px-1.5 py-0.5 font-sans text-xs text-muted-foreground">
        Admin
      </span>
    </div>
  );
}

function AdminNav({ access }: { access: Role }) {
  return (
    <nav aria-label="Admin" className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
      {navGroupsFor(access).map((group) => (
        // A heading per group, not a labelled region: the nav stays one landmark, and a group's
        // name ("Content") is not a label that form fields' names collide with.
        <div key={group.label} className="mb-3">
          <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {group.label}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {group.items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium transition-colors hover:bg-accent",
                      isActive ? "bg-accent text-primary" : "text-foreground/90",
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function Account({ email, access }: NavProps) {
  return (
    <div className="flex shrink-0 flex-col gap-1 border-t pt-3">
      <p className="truncate px-2 text-xs text-muted-foreground" title={email}>
        {email} · {access.name}
      </p>
      <Form method="post" action="/admin/sign-out">
        <Button type="submit" variant="ghost" className="w-full justify-start">
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </Form>
    </div>
  );
}
