import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { reactRouterProductionBuild } from "./vite.react-router-production.ts";
import { storefrontChunks } from "./vite.storefront-chunks.ts";

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [tailwindcss(), reactRouter(), storefrontChunks()],
  resolve: {
    tsconfigPaths: true,
    // React Router's package points every condition at its development build (#14102, #14753).
    alias: command === "build" ? reactRouterProductionBuild : [],
  },
  // The server bundle is the whole server (server/process/production.ts → build/server/index.js), run
  // with plain node. React Router is bundled in, so server code and routes share one copy.
  build: {
    // React Router reads the server entry from `rollupOptions` (Vite 8's alias of rolldownOptions).
    rollupOptions: {
      input: isSsrBuild ? "server/process/production.ts" : undefined,
      // The timings report of a slow build only with `npm run build -- --verbose` (scripts/build.mjs).
      checks: { bundlerTimings: process.env.BUILD_VERBOSE === "1" },
    },
  },
  ssr: {
    // Left outside the bundle: native code and WebAssembly (sharp, PGlite), the driver the
    // socket guard patches in node_modules (postgres, decision 052), pino's worker transports,
    // nodemailer's optional requires, and React, whose entry picks its production or development
    // build from NODE_ENV when it is loaded (bundled, both builds would be in).
    external: ["sharp", "@electric-sql/pglite", "postgres", "pino", "nodemailer", "react", "react-dom"],
    // Every other package is bundled in: Node no longer resolves, reads and compiles ~1,230 files
    // of node_modules at each start (better-auth, kysely, stripe, zod…), so a restart takes ~1.0 s
    // instead of ~1.5 s; and only the lucide icons and Radix primitives we use are in it
    // (docs/performance.md, "Restart").
    noExternal: command === "build" ? true : [],
  },
}));
