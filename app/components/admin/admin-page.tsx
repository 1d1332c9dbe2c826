import type * as React from "react";
import { Link } from "react-router";
import { brand } from "~/lib/brand.ts";

/**
 * A bare frame for admin screens built before the admin layout exists (the admin panel issue
 * replaces it with its navigation).
 */
export function AdminPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link to="/" className="font-display text-lg font-semibold text-primary">
            {brand.name} Admin
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
        <h1 className="font-display text-3xl font-semibold text-primary">{title}</h1>
        {children}
      </main>
    </div>
  );
}
