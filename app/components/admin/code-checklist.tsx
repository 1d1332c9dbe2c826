/** A list of codes to tick (posted as repeated `code` fields), in a scrolling box. */
export function CodeChecklist({ legend, codes }: { legend: string; codes: { id: string; code: string }[] }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid max-h-56 grid-cols-2 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-3">
        {codes.map((c) => (
          <label key={c.id} className="flex items-center gap-2 font-mono text-sm">
            <input type="checkbox" name="code" value={c.code} className="size-4" />
            {c.code}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
