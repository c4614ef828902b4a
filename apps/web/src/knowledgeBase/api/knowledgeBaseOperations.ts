import { useQuery } from '@tanstack/react-query';
import type { KnowledgeBaseArticleInput, KnowledgeBaseArticles } from '@cmp/contracts/knowledgeBase';
import { callOperation } from '../../platform/api/callOperation';

export const knowledgeBaseQueryKey = (accountId: number) => ['knowledgeBase', 'articles', accountId] as const;

/** Every article of one owner, published or not; a failure is shown in the card, so no toast. */
export function useKnowledgeBaseArticles(accountId: number) {
  return useQuery({
    queryKey: knowledgeBaseQueryKey(accountId),
    queryFn: ({ signal }) => callOperation<KnowledgeBaseArticles>('IAccountService', 'GetKnowledgeBaseArticles', { accountId }, { suppressErrorToast: true, signal }),
  });
}

/** Errors are shown in the form (a 400 names the field), so no toast. */
export function saveKnowledgeBaseArticle(accountId: number, article: KnowledgeBaseArticleInput): Promise<{ Id: number }> {
  return callOperation('IAccountService', 'SaveKnowledgeBaseArticle', { accountId, article }, { suppressErrorToast: true });
}

/** A refusal is shown as an error toast (spec §8). */
export function deleteKnowledgeBaseArticle(accountId: number, articleId: number): Promise<{ Success: true }> {
  return callOperation('IAccountService', 'DeleteKnowledgeBaseArticle', { accountId, articleId });
}
