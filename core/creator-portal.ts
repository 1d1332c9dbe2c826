/** Where the creator portal lives; its session cookie is scoped to this path (docs/creators.md). */
export const CREATOR_PATH = "/creator";
