import { CircleCheck, CircleDashed } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import type { SetupStep } from "~server/dashboard/setup-checklist.ts";

/** The dashboard's setup checklist: each step done or not, with what is missing and where to set it. */
export function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <Card className="mb-6" role="region" aria-labelledby="setup-checklist">
      <CardHeader>
        <h2 id="setup-checklist" className="font-display text-xl leading-tight font-semibold">
          Setup checklist
        </h2>
        <p className="text-xs text-muted-foreground">
          {done} of {steps.length} done
        </p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
          {steps.map((step) => (
            <li key={step.key} className="flex items-start gap-2 text-sm">
              {step.done ? (
                <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
              ) : (
                <CircleDashed aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              )}
              <span>
                <span className="font-medium">
                  {step.label}: {step.done ? "done" : "not done"}
                </span>
                <span className="block text-muted-foreground">
                  {step.href && !step.done ? (
                    <Link to={step.href} className="underline underline-offset-2">
                      {step.detail}
                    </Link>
                  ) : (
                    step.detail
                  )}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
