/** The page sizes of a server-paged list, apart from the pager so a list's state does not load the pager's code. */
export const PAGE_SIZES = [10, 25, 50, 100, 200];
