import { TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type ClaimFlag, findDiseaseClaims, highlightClaims } from "~core/legal/disease-claims.ts";

export type ClaimSource = { label: string; text: string };

type Found = { label: string; text: string; flags: ClaimFlag[] };

/** The likely disease claims of some texts (core/legal/disease-claims.ts), by source. */
export function flaggedSources(sources: ClaimSource[]): Found[] {
  return sources.map((s) => ({ ...s, flags: findDiseaseClaims(s.text) })).filter((s) => s.flags.length > 0);
}

/**
 * Explains each likely disease claim: where it is, the phrase highlighted in its sentence, and
 * why. It never changes the text: the owner decides what to write.
 */
export function ClaimFlags({
  sources,
  title = "Possible disease claims",
}: {
  sources: ClaimSource[];
  title?: string;
}) {
  const found = flaggedSources(sources);
  if (found.length === 0) return null;
  return (
    <section
      aria-label={title}
      className="col-span-full flex flex-col gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-4 shrink-0" />
        {title}
      </h3>
      <ul className="flex flex-col gap-2">
        {found.flatMap((source) =>
          source.flags.map((flag) => (
            <li key={`${source.label}-${flag.start}`}>
              <span className="font-medium">{source.label}:</span> <Sentence text={source.text} flag={flag} />
              <span className="block text-muted-foreground">{flag.reason}</span>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}

/** The flag's sentence (at most ~80 characters either side) with the phrase marked. */
function Sentence({ text, flag }: { text: string; flag: ClaimFlag }) {
  const from = Math.max(0, flag.start - 80);
  const to = Math.min(text.length, flag.end + 80);
  const shifted = { ...flag, start: flag.start - from, end: flag.end - from };
  return (
    <q>
      {from > 0 && "…"}
      {highlightClaims(text.slice(from, to), [shifted]).map((part, i) =>
        part.flagged ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <mark key={i} className="rounded-sm bg-warning/40 px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
      {to < text.length && "…"}
    </q>
  );
}

/**
 * Watches named fields of the form it sits in and shows their likely disease claims as the owner
 * types (the same check as after saving). Renders nothing until hydrated.
 */
export function ClaimWatch({ fields }: { fields: { name: string; label: string }[] }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [sources, setSources] = useState<ClaimSource[]>([]);
  const names = fields.map((f) => `${f.name}:${f.label}`).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `names` stands for `fields`
  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const read = () =>
      setSources(
        fields.map(({ name, label }) => ({
          label,
          text: [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)]
            .map((el) => el.value)
            .join("\n"),
        })),
      );
    read();
    form.addEventListener("input", read);
    return () => form.removeEventListener("input", read);
  }, [names]);
  return (
    <div ref={anchor} className="col-span-full empty:hidden">
      <ClaimFlags sources={sources} />
    </div>
  );
}
