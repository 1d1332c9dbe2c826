import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { Toaster, useFlashToasts } from "~/components/ui/toaster.tsx";
import { brand } from "~core/brand.ts";
import { keepToastsThroughRedirect, readFlashToast } from "~server/http/flash.ts";
import { s3PublicUrl } from "~server/media/s3-store.ts";
import type { Route } from "./+types/root";
// The stylesheet is linked with a precedence, so React writes it first in <head>, ahead of the
// ~10 module preloads: on a phone's six connections it no longer waits behind them (first paint).
import stylesheet from "./app.css?url";

/** Flash toasts ride along a chain of redirects until a page shows them (server/http/flash.ts). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => keepToastsThroughRedirect(request, await next()),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toasts, headers } = await readFlashToast(request);
  // The public origin makes canonical and Open Graph URLs absolute (see ~/lib/store/seo.ts); mediaUrl
  // tells product images which absolute URLs are S3 uploads with variants (~/lib/images.ts).
  const mediaUrl = context.config.s3 ? s3PublicUrl(context.config.s3) : null;
  return data({ toasts, publicUrl: context.config.publicUrl, mediaUrl }, { headers });
}

export function links() {
  return [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];
}

// The root loader only reads the flash cookie (cheap), and a toast can be set by any redirect,
// so it runs on every navigation instead of only after actions.
export function shouldRevalidate() {
  return true;
}

export function meta() {
  return [
    { title: `${brand.name} | Pure Himalayan Shilajit Resin` },
    { name: "description", content: `${brand.tagline}. Lab-tested, every jar verifiable by batch number.` },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c0a07" />
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useFlashToasts(loaderData.toasts);
  return <Outlet />;
}

function errorText(status: number) {
  // A staff member's role does not open this back office screen (server/auth/guards.ts).
  if (status === 403)
    return {
      heading: "Not allowed",
      message: "Your role does not allow this. Ask the shop owner if you need it.",
    };
  if (status === 404)
    return {
      heading: "Oops! Page not found",
      message: "The page you are looking for does not exist or has moved.",
    };
  // The database is away (server/http/unavailable.ts answers the same on a full page load).
  if (status === 503)
    return {
      heading: "We'll be right back",
      message: "The shop is briefly unavailable. Nothing is lost: please try again in a few seconds.",
    };
  return {
    heading: "Something went wrong",
    message: "We could not load this page. Please try again in a moment.",
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { heading, message: text } = errorText(status);
  const refusal =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : null;
  const message = status === 403 && refusal ? refusal : text;
  const inBackOffice = useLocation().pathname.startsWith("/admin");
  // Details help while developing; in production they could leak internals.
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;

  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-4 py-16 text-center">
      <a href="/" className="font-display text-2xl font-semibold text-primary">
        {brand.name}
      </a>
      <div
        aria-hidden
        className="mt-8 h-px w-24 bg-gradient-to-r from-transparent via-primary to-transparent"
      />
      <h1 className="mt-8 font-display text-7xl leading-none font-semibold text-primary sm:text-8xl">
        {status}
      </h1>
      <p className="mt-6 font-display text-2xl text-foreground sm:text-3xl">{heading}</p>
      <p className="mt-3 max-w-md text-muted-foreground">{message}</p>
      {/* A full page load: after an error the client state may be unusable. */}
      <a href={inBackOffice ? "/admin" : "/"} className={buttonClass({ size: "lg", className: "mt-8" })}>
        {inBackOffice ? "Back to the back office" : "Return to Home"}
      </a>
      {detail && (
        <pre className="mt-10 max-w-3xl overflow-x-auto rounded-md border bg-card p-4 text-left text-xs text-muted-foreground">
          {detail}
        </pre>
      )}
    </main>
  );
}
