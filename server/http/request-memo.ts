/**
 * What several loaders of one page load read alike (the cart: the store layout's badge and the
 * checkout page's totals), read once. React Router runs a page's loaders side by side with one
 * request context, so the first loader's promise is shared by the others.
 *
 * Only for GET and HEAD: a form post runs its action and then the loaders with the same context,
 * and what the action changed (a cart it created, a coupon it applied) must be read afresh.
 */
const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

export function oncePerPageLoad<T>(
  context: object,
  request: Request,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  if (request.method !== "GET" && request.method !== "HEAD") return load();
  let memo = memos.get(context);
  if (!memo) {
    memo = new Map();
    memos.set(context, memo);
  }
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    memo.set(key, value);
    // A failed read is not shared with a later loader: it tries again.
    value.catch(() => memo.get(key) === value && memo.delete(key));
  }
  return value;
}
