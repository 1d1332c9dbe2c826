import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // React Router 7 behaviour, chosen explicitly (which also silences the start-up warnings).
  // v8_middleware: the admin guard is middleware on one layout (app/routes.ts); the load context
  // is a RouterContextProvider carrying our services (server/context.ts). The server build's
  // custom entry relies on the classic Vite API (vite.config.ts).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
