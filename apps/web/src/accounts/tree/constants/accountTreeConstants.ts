/** Children loaded per request; "Load more results" asks for the next ones (spec §9). */
export const TREE_PAGE_SIZE = 50;

export const accountTreeKeys = {
  all: ['accountTree'] as const,
  level: (rootId: number, showTerminated: boolean) => ['accountTree', 'level', rootId, showTerminated] as const,
  hierarchy: (accountId: number) => ['accountTree', 'hierarchy', accountId] as const,
};
