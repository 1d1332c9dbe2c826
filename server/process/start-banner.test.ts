import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { startBanner } from "./start-banner.ts";

const demoStart = { demo: true, seededNow: false };

describe("start banner", () => {
  it("names the embedded database folder, the outbox, the sandbox and where to sign in", () => {
    const config = loadConfig({ DATA_DIR: "/srv/shop", PORT: "3000" });
    const banner = startBanner(config, 3000, {
      ...demoStart,
      seededNow: true,
      admin: { email: "admin@demo.example.com", password: "s3cret-once" },
    });
    expect(banner).toContain("running at http://localhost:3000\n");
    expect(banner).toContain("database  embedded PostgreSQL (PGlite) in /srv/shop/db (demo data)");
    expect(banner).toContain(
      "mail      kept in the outbox (no SMTP_URL), readable at /admin/emails; sign-up and password-reset links are also printed here",
    );
    expect(banner).toContain("payments  built-in sandbox, no money moves (test card 4242 4242 4242 4242)");
    expect(banner).toContain(
      "admin     http://localhost:3000/admin/login  admin@demo.example.com / s3cret-once",
    );
    expect(banner).toContain("shown only now. To change one, see docs/admins.md");
    expect(banner.trim().split("\n").length).toBeLessThanOrEqual(7);
  });

  it("never shows a credential of the configuration: database and SMTP URLs lose user and password", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://shop:db-password@db.internal:5433/shop",
      SMTP_URL: "smtps://mailer:smtp-password@smtp.example.com:465",
      STRIPE_SECRET_KEY: "sk_live_stripe-secret",
      PAYPAL_CLIENT_ID: "paypal-id",
      PAYPAL_CLIENT_SECRET: "paypal-secret",
      PAYPAL_ENV: "live",
      ADMIN_EMAIL: "owner@shop.example",
      ADMIN_PASSWORD: "admin-password",
    });
    const banner = startBanner(config, 3000, {
      demo: false,
      seededNow: false,
      admin: { email: "owner@shop.example" },
    });
    expect(banner).toContain("database  PostgreSQL at db.internal:5433/shop\n");
    expect(banner).toContain("mail      SMTP via smtp.example.com:465\n");
    expect(banner).toContain("payments  card by Stripe (live key), PayPal (live)\n");
    expect(banner).toContain("admin     http://localhost:3000/admin/login  owner@shop.example\n");
    for (const secret of [
      "db-password",
      "smtp-password",
      "stripe-secret",
      "paypal-",
      "admin-password",
      "mailer:",
      "shop:",
    ]) {
      expect(banner).not.toContain(secret);
    }
    expect(banner).not.toContain("demo data");
    expect(banner).not.toContain("links are also printed");
  });

  it("says test keys and a sandbox PayPal, and where it listens when PUBLIC_URL names another port", () => {
    const config = loadConfig({
      PUBLIC_URL: "https://shop.example.com",
      HOST: "127.0.0.1",
      STRIPE_SECRET_KEY: "sk_test_x",
      PAYPAL_CLIENT_ID: "id",
      PAYPAL_CLIENT_SECRET: "secret",
    });
    const banner = startBanner(config, 8080, demoStart);
    expect(banner).toContain("running at https://shop.example.com (listening on 127.0.0.1:8080)");
    expect(banner).toContain("payments  card by Stripe (test key), PayPal (sandbox)");
    expect(banner).not.toContain("admin ");
  });
});
