import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { storefrontChunks } from "./vite.storefront-chunks.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), storefrontChunks()],
  resolve: { tsconfigPaths: true },
  // Server-only native/heavy packages stay external in the SSR bundle.
  ssr: { external: ["sharp", "@electric-sql/pglite", "postgres", "pino", "nodemailer"] },
});
