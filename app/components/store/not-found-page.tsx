import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";

/** The shop's one 404 screen (unknown paths, unknown order status links). */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <h1 className="font-display text-8xl leading-none font-semibold text-primary sm:text-9xl">404</h1>
      <div
        aria-hidden
        className="mt-6 h-px w-24 bg-gradient-to-r from-transparent via-primary to-transparent"
      />
      <p className="mt-6 font-display text-2xl text-foreground sm:text-3xl">Oops! Page not found</p>
      <p className="mt-2 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClass({ size: "lg", className: "mt-8" })}>
        Return to Home
      </Link>
    </section>
  );
}
