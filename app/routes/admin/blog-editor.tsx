import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import {
  BlogPostForm,
  type BlogPostFormState,
  emptyBlogPostForm,
} from "~/components/admin/blog-post-form.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { blogPostFormValues } from "~/lib/admin/admin-form-values.ts";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import {
  blogPostInputSchema,
  createAdminPost,
  getAdminPost,
  updateAdminPost,
} from "~server/content/admin-blog.ts";
import { markdownImageSizes } from "~server/content/markdown-images.ts";
import { renderCheckedMarkdown } from "~server/content/markdown-limits.ts";
import { settle } from "~server/http/error-response.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { receiveImageUpload, uploadTooLarge } from "~server/media/upload-request.ts";
import type { Route } from "./+types/blog-editor";
import { editorFailure } from "./markdown-editor.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.id) return { form: emptyBlogPostForm, loadError: false };
  const { id } = params;
  // Like every admin screen: a database failure is a message on the page, never a 500.
  const loaded = await settle(context.log, "loading a blog post failed", () =>
    getAdminPost(context.database.db, id),
  );
  if (!loaded.ok) return data({ form: null, loadError: true }, { status: loaded.status });
  const post = loaded.value;
  if (!post) throw data("Blog post not found", { status: 404 });
  const form: BlogPostFormState = {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    featuredImageUrl: post.featuredImageUrl ?? "",
    authorName: post.authorName,
    published: post.published,
    seoTitle: post.seoTitle ?? "",
    seoDescription: post.seoDescription ?? "",
    seoKeywords: post.seoKeywords,
  };
  return { form, loadError: false };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (uploadTooLarge(request)) return failed(null, {}, "The image must be 5 MB or smaller", 413);
  const form = await request.formData();
  const raw = blogPostFormValues(form);
  const values: BlogPostFormState = { ...raw, id: params.id };
  const upload = await receiveImageUpload(context, request, "imageFile", form);
  if (upload && "error" in upload) return failed(values, { featuredImageUrl: upload.error }, upload.error);
  if (upload) raw.featuredImageUrl = values.featuredImageUrl = upload.url;

  if (form.get("intent") === "preview") {
    // Limited like a saved body: too long or too deeply nested is a message, never a 500.
    const imageSizes = await markdownImageSizes(context.config.uploadsDir, raw.content);
    const preview = renderCheckedMarkdown(raw.content, imageSizes);
    if (!preview.ok) return failed(values, { content: preview.message }, preview.message);
    return { values, errors: {}, previewHtml: preview.html, toast: null, formKey: crypto.randomUUID() };
  }

  const parsed = parseForm(blogPostInputSchema, raw);
  if (!parsed.ok) return failed(values, parsed.errors);
  const db = context.database.db;
  // Upload images in the body are stored with their width and height (no layout shift).
  const sizes = await markdownImageSizes(context.config.uploadsDir, parsed.data.content);
  const saved = await settle(context.log, "saving a blog post failed", () =>
    params.id
      ? updateAdminPost(db, params.id, parsed.data, undefined, sizes)
      : createAdminPost(db, parsed.data, undefined, sizes),
  );
  if (!saved.ok) return failed(values, {}, saved.message.description, saved.status);
  if (!saved.value) return failed(values, {}, "This blog post no longer exists", 404);
  return redirectWithToast("/admin/blog", {
    title: params.id ? "Blog post updated successfully" : "Blog post created successfully",
    variant: "success",
  });
}

const failed = (
  values: BlogPostFormState | null,
  errors: FieldErrors,
  description = "Failed to save blog post",
  status = 400,
) => editorFailure(values, errors, description, status);

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const form = actionData?.values ?? loaderData.form;
  const back = (
    <Link to="/admin/blog" className={buttonClass({ variant: "outline" })}>
      <ArrowLeft aria-hidden />
      Back
    </Link>
  );
  if (!form) {
    return (
      <>
        <PageHeader title="Edit Blog Post">{back}</PageHeader>
        <LoadError>Failed to fetch blog post</LoadError>
      </>
    );
  }
  return (
    <>
      <PageHeader title={form.id ? "Edit Blog Post" : "Create New Blog Post"}>{back}</PageHeader>
      <BlogPostForm
        key={actionData?.formKey ?? form.id ?? "new"}
        initial={form}
        errors={actionData?.errors ?? {}}
        previewHtml={actionData?.previewHtml ?? null}
      />
    </>
  );
}
