import { requirement } from './capabilities';

/**
 * spec §2 support menu "Wiki": managing the knowledge base needs Create (the list too), removing
 * an article Delete. Its own module, free of schemas, so the support panel can check it cheaply.
 */
export const KNOWLEDGE_BASE_RULES = {
  // The list holds unpublished drafts too: it is the editors' (users read published articles
  // through the assistant, which needs only WIKI Read on the support menu).
  list: requirement('WIKI', ['Create']),
  save: requirement('WIKI', ['Create']),
  delete: requirement('WIKI', ['Delete']),
} as const;
