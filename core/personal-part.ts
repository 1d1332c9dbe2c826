/**
 * The mark in the <head> of a shared page answered to a browser with cookies (a session, a cart):
 * the page is the copy every visitor gets, and the browser loads its own part (account menu, cart,
 * review form) as data once it has started (server/http/personal-part.ts, app/hooks/use-personal-part.ts).
 */
export const PERSONAL_PART_META = "personal-part";

/** The element as it is inserted before </head>. */
export const PERSONAL_PART_MARKUP = `<meta name="${PERSONAL_PART_META}" content="pending">`;
