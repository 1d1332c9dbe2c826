import { useEffect, useState } from "react";
import { useFetchers, useNavigation } from "react-router";

/** Quicker navigations show nothing: a bar that flashes is worse than none. */
export const PROGRESS_DELAY_MS = 150;

/**
 * A slim bar along the top of the window while a page loads or a form is sent, after 150 ms. It is
 * fixed (no layout shift) and grows towards 90 % until the navigation ends; screen readers hear
 * "Loading…" once. Suggestion lookups and other background fetches do not count.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const submitting = useFetchers().some((fetcher) => fetcher.state === "submitting");
  const busy = navigation.state !== "idle" || submitting;
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!busy) return setShown(false);
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-valuetext="Loading…"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
    >
      <div className="h-full origin-left animate-[navigation-progress_8s_cubic-bezier(0.1,0.6,0.2,1)_forwards] bg-primary motion-reduce:animate-pulse" />
    </div>
  );
}
