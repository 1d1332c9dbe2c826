import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";

export function ValidateCta() {
  return (
    <section aria-labelledby="validate-cta-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-5 rounded-xl border border-primary/50 bg-gradient-to-br from-[#2b2112] to-card p-8 text-center sm:p-12">
          <ShieldCheck className="size-12 text-primary" aria-hidden />
          <h2 id="validate-cta-heading" className="text-3xl font-semibold sm:text-4xl">
            Validate Your Product
          </h2>
          <p className="max-w-xl text-muted-foreground">
            Counterfeit shilajit is common. Enter the batch number printed on your jar's lid to confirm it is
            a genuine product from us.
          </p>
          <Link to="/validity" className={buttonClass({ size: "lg" })}>
            Check Your Batch Number
          </Link>
        </div>
      </div>
    </section>
  );
}
