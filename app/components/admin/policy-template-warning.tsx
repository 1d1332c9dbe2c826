import { Link } from "react-router";

/** One line per policy whose text in force is still the unedited starter template. */
export function PolicyTemplateWarning({ policies }: { policies: { slug: string; title: string }[] }) {
  if (policies.length === 0) return null;
  return (
    <section
      aria-label="Policies to edit"
      className="mb-6 flex flex-col gap-1 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm"
    >
      {policies.map((p) => (
        <p key={p.slug}>
          Your {p.title} is still the starter template — edit it before going live.{" "}
          <Link to={`/admin/policies/${p.slug}`} className="font-medium underline">
            Edit {p.title}
          </Link>
        </p>
      ))}
    </section>
  );
}
