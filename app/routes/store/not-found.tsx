import { data, Link } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main>
      <h1>404</h1>
      <p>Oops! Page not found</p>
      <Link to="/">Return to Home</Link>
    </main>
  );
}
