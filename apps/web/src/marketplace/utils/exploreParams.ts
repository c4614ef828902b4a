import { EXPLORE_PAGE_SIZE, SERVICE_SEARCH_PAGE_SIZE, type ServiceSearchRequest } from '@cmp/contracts/marketplace';

// Explore keeps its whole state in the address (spec §9 "Explore link: page 1, 20 per page"), so a
// link, the back button and a reload show the same page: ?q=&vendor=&category=&tag=&new=1&sort=&page=&size=.

export const EXPLORE_SORTS = ['Ranking', 'NameAsc', 'NameDesc', 'PriceAsc', 'PriceDesc'] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];

export interface ExploreParams {
  text: string;
  vendorIds: number[];
  categories: string[];
  tags: string[];
  isNewOnly: boolean;
  sort: ExploreSort;
  /** Counts from 1, as the address shows it. */
  page: number;
  pageSize: number;
}

const positiveInt = (value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
};

export function readExploreParams(search: URLSearchParams): ExploreParams {
  const sort = search.get('sort');
  return {
    text: search.get('q') ?? '',
    vendorIds: search.getAll('vendor').map(Number).filter((id) => Number.isInteger(id) && id > 0),
    categories: search.getAll('category').filter(Boolean),
    tags: search.getAll('tag').filter(Boolean),
    isNewOnly: search.get('new') === '1',
    sort: EXPLORE_SORTS.includes(sort as ExploreSort) ? (sort as ExploreSort) : 'Ranking',
    page: positiveInt(search.get('page'), 1),
    pageSize: positiveInt(search.get('size'), EXPLORE_PAGE_SIZE, SERVICE_SEARCH_PAGE_SIZE),
  };
}

export function writeExploreParams(params: ExploreParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.text) search.set('q', params.text);
  for (const id of params.vendorIds) search.append('vendor', String(id));
  for (const category of params.categories) search.append('category', category);
  for (const tag of params.tags) search.append('tag', tag);
  if (params.isNewOnly) search.set('new', '1');
  if (params.sort !== 'Ranking') search.set('sort', params.sort);
  search.set('page', String(params.page));
  search.set('size', String(params.pageSize));
  return search;
}

const SORTS: Record<ExploreSort, ServiceSearchRequest['sort']> = {
  Ranking: { Key: 'Ranking', Value: 'ASC' },
  NameAsc: { Key: 'Name', Value: 'ASC' },
  NameDesc: { Key: 'Name', Value: 'DESC' },
  PriceAsc: { Key: 'Price', Value: 'ASC' },
  PriceDesc: { Key: 'Price', Value: 'DESC' },
};

/** The SearchServices request of a page of Explore, with the facet counts its filters show. */
export const searchRequestOf = (params: ExploreParams): ServiceSearchRequest => ({
  filter: { DisplayName: params.text.trim(), OwnerAccountIds: params.vendorIds, ServiceCategories: params.categories, ServiceTags: params.tags, ShowNewOnly: params.isNewOnly, Source: { Type: 'Root' } },
  sort: SORTS[params.sort],
  pageSize: params.pageSize,
  page: params.page - 1,
  includeFacets: true,
});

export const hasFilters = (params: ExploreParams) => Boolean(params.text.trim() || params.vendorIds.length || params.categories.length || params.tags.length || params.isNewOnly);
