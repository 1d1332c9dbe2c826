import { useState } from "react";
import { useLocation } from "react-router";

/**
 * Open/closed state for a menu sheet that closes on any navigation (links, back button,
 * redirects after sign-out), not only on clicks inside it.
 */
export function useOpenUntilNavigation(initiallyOpen: boolean) {
  const [open, setOpen] = useState(initiallyOpen);
  const { pathname } = useLocation();
  const [shownFor, setShownFor] = useState(pathname);
  if (pathname !== shownFor) {
    setShownFor(pathname);
    setOpen(false);
  }
  return [open, setOpen] as const;
}
