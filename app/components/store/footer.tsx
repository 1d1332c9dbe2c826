import { Mail, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { brand } from "~core/brand.ts";
import type { FooterContent } from "~server/content/footer.ts";
import { NewsletterForm } from "./newsletter-form.tsx";

const linkClass = "rounded-sm text-muted-foreground transition-colors hover:text-primary";

/** `content`: the link columns and legal notice, from the store layout's loader (server/content/footer.ts). */
export function Footer({ content }: { content: FooterContent }) {
  return (
    <footer className="mt-16 border-t bg-card/60">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="flex flex-col gap-3">
          <Link to="/" className="w-fit rounded-sm font-display text-2xl font-semibold text-primary">
            {brand.name}
          </Link>
          <p className="max-w-xs text-sm text-muted-foreground">{brand.tagline}.</p>
          <section aria-labelledby="footer-newsletter" className="mt-2 max-w-sm">
            <h2
              id="footer-newsletter"
              className="mb-3 font-sans text-sm font-semibold tracking-wider text-foreground uppercase"
            >
              Newsletter
            </h2>
            <NewsletterForm id="footer-newsletter-email" />
          </section>
        </div>

        {content.navs.map((nav) => (
          <nav key={nav.title} aria-label={nav.title}>
            <h2 className="mb-3 font-sans text-sm font-semibold tracking-wider text-foreground uppercase">
              {nav.title}
            </h2>
            <ul className="flex flex-col gap-2 text-sm">
              {nav.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wider text-foreground uppercase">
            Contact
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            <li>
              <span className="text-muted-foreground">Email: </span>
              <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
                {brand.supportEmail}
              </a>
            </li>
            <li>
              <span className="text-muted-foreground">Website: </span>
              <a href={`https://${brand.website}`} className={linkClass}>
                {brand.website}
              </a>
            </li>
            <li className="mt-2 flex items-start gap-2">
              <Mail className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span className="text-muted-foreground">
                Bulk purchases:{" "}
                <a
                  href={`mailto:${brand.bulkEmail}`}
                  className="rounded-sm text-foreground transition-colors hover:text-primary"
                >
                  {brand.bulkEmail}
                </a>
              </span>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-muted-foreground sm:px-6 lg:px-8">
          <p className="flex items-start gap-2">
            <ShieldCheck className="mt-px size-4 shrink-0 text-primary" aria-hidden />
            <span>
              <strong className="font-semibold text-foreground">Legal notice:</strong> {content.legalNotice}
            </span>
          </p>
          <p>{brand.distributor}.</p>
          <p>
            © {new Date().getFullYear()} {brand.legalName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
