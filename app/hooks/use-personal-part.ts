import { useEffect } from "react";
import { type ShouldRevalidateFunctionArgs, useRevalidator } from "react-router";
import { PERSONAL_PART_META } from "~core/personal-part.ts";

let requested = false;
let loading = false;

/**
 * A shared page answered to a browser with cookies carries a mark in its <head>
 * (server/http/personal-part.ts): the store layout's data (account, cart, purchase choice) is then
 * asked for again with the cookies — loaders only, no render — and the page's own data is kept
 * (keepSharedData). The mark goes once that data is in (or the request failed), which also shows
 * the parts it kept hidden (app.css).
 */
export function usePersonalPart() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const mark = document.querySelector(`meta[name="${PERSONAL_PART_META}"]`);
    if (!mark || requested) return;
    requested = true;
    loading = true;
    void revalidate().finally(() => {
      loading = false;
      mark.remove();
    });
  }, [revalidate]);
}

/**
 * shouldRevalidate of a page whose data is the same for every visitor: not asked for again when
 * the visitor's own part of its shared copy is loaded.
 */
export function keepSharedData({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return loading && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;
}
