import type * as React from "react";
import { Link } from "react-router";

/** A link to the other /auth tab: the way between them when JavaScript (and so the tabs) is off. */
export function TabSwitch({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} replace className="self-center text-sm text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
