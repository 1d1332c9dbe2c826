import { Input } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "~core/text/seo-limits.ts";
import { Field } from "./field.tsx";
import { ListField } from "./list-field.tsx";

export type SeoFieldsProps = {
  title: string;
  description: string;
  /** Called with what the admin typed; the form decides whether auto-fill keeps following. */
  onTitle: (value: string) => void;
  onDescription: (value: string) => void;
  /** The keyword list; left out when the record has none (collections). */
  keywords?: string[];
  errors: FieldErrors;
  labels?: { title: string; description: string; keywords: string };
};

/** SEO title and description with live counters, and the keyword list when given (posted as seoKeywords). */
export function SeoFields({
  title,
  description,
  onTitle,
  onDescription,
  keywords,
  errors,
  labels = { title: "SEO title", description: "SEO description", keywords: "SEO keywords" },
}: SeoFieldsProps) {
  return (
    <>
      <Field
        id="seoTitle"
        label={labels.title}
        error={errors.seoTitle}
        hint={<span aria-live="polite">{`${title.length}/${SEO_TITLE_MAX} characters`}</span>}
      >
        {(control) => (
          <Input
            {...control}
            name="seoTitle"
            maxLength={SEO_TITLE_MAX}
            value={title}
            onChange={(e) => onTitle(e.target.value)}
          />
        )}
      </Field>
      <Field
        id="seoDescription"
        label={labels.description}
        error={errors.seoDescription}
        hint={<span aria-live="polite">{`${description.length}/${SEO_DESCRIPTION_MAX} characters`}</span>}
      >
        {(control) => (
          <Textarea
            {...control}
            name="seoDescription"
            rows={3}
            maxLength={SEO_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => onDescription(e.target.value)}
          />
        )}
      </Field>
      {keywords && (
        <ListField
          name="seoKeywords"
          label={labels.keywords}
          itemLabel="Keyword"
          addLabel="Add Keyword"
          defaultValue={keywords}
        />
      )}
    </>
  );
}
