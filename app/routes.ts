import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("about", "routes/store/about.tsx"),
    route("contact", "routes/store/contact.tsx"),
    route("blog", "routes/store/blog.tsx"),
    route("blog/:slug", "routes/store/blog-post.tsx"),
    route("validity", "routes/store/validity.tsx"),
    route("products", "routes/store/products.tsx"),
    // The spec serves the product screen under both prefixes; one module, two route ids.
    route("product/:slug", "routes/store/product.tsx", { id: "product" }),
    route("products/:slug", "routes/store/product.tsx", { id: "products-slug" }),
    route("cart", "routes/store/cart.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
] satisfies RouteConfig;
