import { type ComponentType, lazy } from "react";

/**
 * `React.lazy` plus `preload()`: for parts not needed for the first paint (drawers, menus,
 * toasts), so their code is fetched on demand (or when the pointer comes near) instead of
 * with every page.
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error) => {
        // A failed early fetch (e.g. a network blip on hover) must not poison the later render.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const preload = () => {
    start().catch(() => {});
  };
  return Object.assign(lazy(start), { preload });
}
