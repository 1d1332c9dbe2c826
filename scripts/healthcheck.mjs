/**
 * The container's HEALTHCHECK (Dockerfile): exits 0 when the server on this machine answers
 * /readyz with 200 (it is up and its database answers), 1 otherwise, within 4 s.
 * Plain JavaScript and no dependencies, so it costs one small node start.
 */
const port = process.env.PORT || "3000";
try {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(4000) });
  if (!response.ok) console.error(`/readyz answered ${response.status}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`/readyz did not answer: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
