import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import {
  BlogPostForm,
  type BlogPostFormState,
  emptyBlogPostForm,
} from "~/components/admin/blog-post-form.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { attempt } from "~/lib/admin-actions.server.ts";
import { actionToast } from "~core/toast.ts";
import {
  blogPostFormValues,
  blogPostInputSchema,
  createAdminPost,
  getAdminPost,
  updateAdminPost,
} from "~server/content/admin-blog.ts";
import { renderCheckedMarkdown } from "~server/content/markdown-limits.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { receiveImageUpload, uploadTooLarge } from "~server/media/upload-request.ts";
import type { Route } from "./+types/blog-editor";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.id) return { form: emptyBlogPostForm };
  const post = await getAdminPost(context.database.db, params.id);
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
  return { form };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (uploadTooLarge(request)) return failed(null, {}, "The image must be 5 MB or smaller", 413);
  const form = await request.formData();
  const raw = blogPostFormValues(form);
  const values: BlogPostFormState = { ...raw, id: params.id };
  const upload = await receiveImageUpload(context, request, "imageFile", form);
  if (upload && "error" in upload) return failed(values, { featuredImageUrl: [upload.error] }, upload.error);
  if (upload) raw.featuredImageUrl = values.featuredImageUrl = upload.url;

  if (form.get("intent") === "preview") {
    // Limited like a saved body: too long or too deeply nested is a message, never a 500.
    const preview = renderCheckedMarkdown(raw.content);
    if (!preview.ok) return failed(values, { content: [preview.message] }, preview.message);
    return { values, errors: {}, previewHtml: preview.html, toast: null, formKey: crypto.randomUUID() };
  }

  const parsed = blogPostInputSchema.safeParse(raw);
  if (!parsed.success) return failed(values, z.flattenError(parsed.error).fieldErrors);
  const db = context.database.db;
  const saved = await attempt(context.log, "saving a blog post failed", () =>
    params.id ? updateAdminPost(db, params.id, parsed.data) : createAdminPost(db, parsed.data),
  );
  if (!saved.ok) return failed(values, {}, saved.message, 503);
  if (!saved.value) return failed(values, {}, "This blog post no longer exists", 404);
  return redirectWithToast("/admin/blog", {
    title: params.id ? "Blog post updated successfully" : "Blog post created successfully",
    variant: "success",
  });
}

function failed(
  values: BlogPostFormState | null,
  errors: Record<string, string[] | undefined>,
  description = "Failed to save blog post",
  status = 400,
) {
  return data(
    {
      values,
      errors,
      previewHtml: null,
      formKey: crypto.randomUUID() as string,
      toast: actionToast({ title: "Error", description, variant: "destructive" }),
    },
    { status },
  );
}

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const form = actionData?.values ?? loaderData.form;
  return (
    <>
      <PageHeader title={form.id ? "Edit Blog Post" : "Create New Blog Post"}>
        <Link to="/admin/blog" className={buttonClass({ variant: "outline" })}>
          <ArrowLeft aria-hidden />
          Back
        </Link>
      </PageHeader>
      <BlogPostForm
        key={actionData?.formKey ?? form.id ?? "new"}
        initial={form}
        errors={actionData?.errors ?? {}}
        previewHtml={actionData?.previewHtml ?? null}
      />
    </>
  );
}
