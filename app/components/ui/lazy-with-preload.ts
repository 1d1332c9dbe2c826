import { type ComponentType, lazy } from "react";

/**
 * `React.lazy` plus `preload()`: for parts not needed for the first paint (drawers, menus,
 * toasts), so their code is fetched on demand (or when the pointer comes near) instead of
 * with every page.
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
