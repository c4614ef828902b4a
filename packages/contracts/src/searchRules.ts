// The search rules the portal's header needs on every signed-in page, in a module free of schemas:
// the header's global search imports them from here, so the first screen does not load zod and
// every schema of search.ts and marketplace.ts with them (issue 12). Those modules re-export them.

// spec §5 "Search needs a minimum number of characters before results show"; the server answers
// an empty list below it, so portal and integrations see the same rule.
export const ACCOUNT_SEARCH_MIN_LENGTH = 3;
/** The most matches one search answers; the portal pages through them ("Load more results"). */
export const ACCOUNT_SEARCH_LIMIT = 50;
/** Longer texts are refused (400): no display name is that long, and the pattern stays cheap. */
export const ACCOUNT_SEARCH_MAX_LENGTH = 200;

/** spec §3 "Service search request … page size 100"; spec §9 "first 3 shown" in the global search. */
export const SERVICE_SEARCH_PAGE_SIZE = 100;
export const GLOBAL_SEARCH_SERVICES_SHOWN = 3;

/**
 * spec §5: a service icon path is "32 lowercase alphanumeric characters, a slash, 23 alphanumeric
 * characters, a dot and a 3 to 4 letter extension"; anything else shows a blank placeholder.
 */
export const SERVICE_ICON_PATH = /^[a-z0-9]{32}\/[A-Za-z0-9]{23}\.[A-Za-z]{3,4}$/;
export const isValidServiceIconPath = (path: string | null | undefined) => Boolean(path && SERVICE_ICON_PATH.test(path));
