import { LogOut, Menu, Mountain } from "lucide-react";
import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "~/components/ui/sheet.tsx";
import { useOpenUntilNavigation } from "~/hooks/use-open-until-navigation.ts";
import { cn } from "~/lib/cn.ts";
import { brand } from "~core/brand.ts";
import { adminNavItems } from "./nav.ts";

/** The admin's side navigation: a fixed column from `lg` up, a drawer behind a menu button below. */
export function AdminSidebar({ email }: { email: string }) {
  return (
    <aside className="hidden w-64 shrink-0 flex-col border-r bg-card lg:flex">
      <div className="sticky top-0 flex h-dvh flex-col gap-6 p-4">
        <Brand />
        <AdminNav />
        <Account email={email} />
      </div>
    </aside>
  );
}

export function AdminMobileNav({ email }: { email: string }) {
  const [open, setOpen] = useOpenUntilNavigation(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open admin menu" className="lg:hidden">
          <Menu className="size-6!" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" width="18rem" className="gap-6 p-4">
        <SheetTitle className="sr-only">Admin menu</SheetTitle>
        <SheetDescription className="sr-only">Back office screens and sign out</SheetDescription>
        <Brand />
        <AdminNav />
        <Account email={email} />
      </SheetContent>
    </Sheet>
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

function AdminNav() {
  return (
    <nav aria-label="Admin">
      <ul className="flex flex-col gap-1">
        {adminNavItems.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors hover:bg-accent",
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
    </nav>
  );
}

function Account({ email }: { email: string }) {
  return (
    <div className="mt-auto flex flex-col gap-2 border-t pt-4">
      <p className="truncate px-2 text-xs text-muted-foreground" title={email}>
        {email}
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
