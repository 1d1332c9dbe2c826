import { Button } from "~/components/ui/button.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { Field } from "./field.tsx";

/**
 * A Markdown text field with its Preview button (posts intent=preview; the action renders the text
 * with the server's renderer) and the preview the action returned. Blog posts and policy pages.
 */
export function MarkdownEditor({
  name,
  label,
  defaultValue,
  error,
  previewHtml,
  rows = 15,
  hint = "Markdown: **bold**, _italic_, # headings, - lists, [links](https://…).",
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  previewHtml: string | null;
  rows?: number;
  hint?: string;
}) {
  return (
    <>
      <Field id={name} label={label} error={error} hint={hint}>
        {(p) => <Textarea {...p} name={name} rows={rows} defaultValue={defaultValue} required />}
      </Field>
      <Button type="submit" name="intent" value="preview" variant="outline" className="self-start">
        Preview
      </Button>
      {previewHtml !== null && (
        <section aria-label="Content preview" className="rounded-md border bg-muted/30 p-4">
          <h3 className="mb-2 text-sm font-medium text-muted-foreground">Preview</h3>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown (server) escapes raw HTML and allows only safe links. */}
          <div className="markdown" dangerouslySetInnerHTML={{ __html: previewHtml }} />
        </section>
      )}
    </>
  );
}
