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
    // Server-only native/heavy packages stay external in the SSR bundle.
    external: ["sharp", "@electric-sql/pglite", "postgres", "pino", "nodemailer"],
    // lucide-react and radix-ui too: bundled, only the icons and primitives we use are in them;
    // external, every start parsed all of them (docs/performance.md, "Start and restart").
    noExternal:
      command === "build"
        ? ["react-router", "@react-router/node", "lucide-react", "radix-ui", /^@radix-ui\//]
        : [],
  },
}));
