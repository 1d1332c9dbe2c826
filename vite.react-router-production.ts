import path from "node:path";

/**
 * Aliases that make a build use React Router's production files (docs/decisions/012-production-start.md).
 *
 * Every export condition of `react-router` points at `dist/development`, whose only difference from
 * `dist/production` is `ENABLE_DEV_WARNINGS = true`: dev-only checks and warnings run on every
 * render, on the server (remix-run/react-router#14102) and in the browser (#14753).
 */
const dist = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");

export const reactRouterProductionBuild = [
  { find: /^react-router$/, replacement: path.join(dist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(dist, "dom-export.mjs") },
];
