import type * as React from "react";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";

/** The create/edit form of a screen shown above its list (opened by `?new` or `?edit=<id>`). */
export function FormCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="mb-8">
      <CardHeader>
        <h2 className="font-display text-xl font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
