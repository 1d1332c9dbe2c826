import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { ClaimWatch } from "~/components/admin/claim-flags.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { slugify } from "~core/text/slug.ts";
import { Field } from "./field.tsx";
import { FormSwitch } from "./form-switch.tsx";
import { ImageUpload } from "./image-upload.tsx";
import { MarkdownEditor } from "./markdown-editor.tsx";
import { SeoFields } from "./seo-fields.tsx";

export type BlogPostFormState = {
  id?: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImageUrl: string;
  authorName: string;
  published: boolean;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string[];
};

export const emptyBlogPostForm: BlogPostFormState = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  featuredImageUrl: "",
  authorName: "Admin",
  published: false,
  seoTitle: "",
  seoDescription: "",
  seoKeywords: [],
};

const seoTitleFor = (title: string) => (title ? `${brand.name} | ${title}`.slice(0, 60) : "");

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-lg border p-4">
      <h2 className="font-display text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The blog editor. While creating, the slug follows the title (until the admin edits it); when
 * editing it never changes by itself. The SEO title follows the title while empty.
 */
export function BlogPostForm({
  initial,
  errors,
  previewHtml,
}: {
  initial: BlogPostFormState;
  errors: FieldErrors;
  previewHtml: string | null;
}) {
  const editing = Boolean(initial.id);
  const busy = useNavigation().state === "submitting";
  const [slug, setSlug] = useState(initial.slug);
  const [autoSlug, setAutoSlug] = useState(!editing && !initial.slug);
  const [seoTitle, setSeoTitle] = useState(initial.seoTitle);
  const [autoSeoTitle, setAutoSeoTitle] = useState(!initial.seoTitle);
  const [seoDescription, setSeoDescription] = useState(initial.seoDescription);
  const error = (name: string) => errors[name];

  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6" noValidate>
      {initial.id && <input type="hidden" name="id" value={initial.id} />}
      <Section title="Post Content">
        <Field id="title" label="Title" error={error("title")}>
          {(p) => (
            <Input
              {...p}
              name="title"
              defaultValue={initial.title}
              required
              onChange={(e) => {
                if (autoSlug) setSlug(slugify(e.target.value));
                if (autoSeoTitle) setSeoTitle(seoTitleFor(e.target.value));
              }}
            />
          )}
        </Field>
        <Field
          id="slug"
          label="Slug"
          error={error("slug")}
          hint={
            editing
              ? "Changing it changes the post's address."
              : "Made from the title; leave blank to make it at save."
          }
        >
          {(p) => (
            <Input
              {...p}
              name="slug"
              value={slug}
              onChange={(e) => {
                setSlug(e.target.value);
                setAutoSlug(!editing && e.target.value === "");
              }}
            />
          )}
        </Field>
        <Field id="excerpt" label="Excerpt" error={error("excerpt")}>
          {(p) => <Textarea {...p} name="excerpt" rows={3} defaultValue={initial.excerpt} />}
        </Field>
        <MarkdownEditor
          name="content"
          label="Content"
          defaultValue={initial.content}
          error={error("content")}
          hint="Markdown: **bold**, _italic_, # headings, - lists, [links](https://…). Start a paragraph with [claim] to mark a health claim: it gets a * and the post the FDA disclaimer."
          previewHtml={previewHtml}
        />
        <ClaimWatch
          fields={[
            { name: "title", label: "Title" },
            { name: "excerpt", label: "Excerpt" },
            { name: "content", label: "Content" },
          ]}
        />
      </Section>

      <Section title="SEO Settings">
        <SeoFields
          title={seoTitle}
          description={seoDescription}
          onTitle={(value) => {
            setSeoTitle(value);
            setAutoSeoTitle(value === "");
          }}
          onDescription={setSeoDescription}
          keywords={initial.seoKeywords}
          errors={errors}
          labels={{ title: "SEO Title", description: "SEO Description", keywords: "SEO Keywords" }}
        />
      </Section>

      <Section title="Publishing">
        <FormSwitch name="published" label="Published" defaultChecked={initial.published} />
        <Field id="authorName" label="Author" error={error("authorName")}>
          {(p) => <Input {...p} name="authorName" defaultValue={initial.authorName} placeholder="Admin" />}
        </Field>
      </Section>

      <Section title="Featured Image">
        <ImageUpload
          defaultUrl={initial.featuredImageUrl}
          error={error("featuredImageUrl")}
          previewAlt="Featured image preview"
        />
      </Section>

      <Button type="submit" name="intent" value="save" disabled={busy} className="self-start">
        {busy ? "Saving..." : editing ? "Update Post" : "Create Post"}
      </Button>
    </Form>
  );
}
