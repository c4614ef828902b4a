import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiPlus } from '@mdi/js';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAllowed } from '@cmp/contracts/capabilities';
import { type KnowledgeBaseArticle, type KnowledgeBaseArticleInput } from '@cmp/contracts/knowledgeBase';
import { KNOWLEDGE_BASE_RULES } from '@cmp/contracts/knowledgeBaseRules';
import type { Locale } from '@cmp/contracts/locales';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { deleteKnowledgeBaseArticle, knowledgeBaseQueryKey, saveKnowledgeBaseArticle } from '../api/knowledgeBaseOperations';
import { KnowledgeBaseArticleDialog } from './KnowledgeBaseArticleDialog';
import { KnowledgeBaseFilters } from './KnowledgeBaseFilters';
import { KnowledgeBaseTable } from './KnowledgeBaseTable';

/** The dialog's state: closed, a new article, or the article being edited. */
type Editing = { article: KnowledgeBaseArticle | undefined } | undefined;

const matchesText = (article: KnowledgeBaseArticle, words: string) =>
  [article.Title, article.Summary, article.Body].some((value) => value.toLocaleLowerCase().includes(words));

/** The articles of one owner with their filters, the "New article" button, and the edit and delete actions. */
export function KnowledgeBaseArticleList({ accountId, articles }: { accountId: number; articles: KnowledgeBaseArticle[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const capabilities = useSessionUser()?.Capability ?? [];
  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const [text, setText] = useState('');
  const [locale, setLocale] = useState<Locale | ''>('');
  const [editing, setEditing] = useState<Editing>();
  const newArticleButton = useRef<HTMLButtonElement>(null);

  const words = text.trim().toLocaleLowerCase();
  const shown = articles.filter((article) => (!locale || article.Locale === locale) && (!words || matchesText(article, words)));
  const refresh = () => queryClient.invalidateQueries({ queryKey: knowledgeBaseQueryKey(accountId) });

  const save = async (values: KnowledgeBaseArticleInput) => {
    await saveKnowledgeBaseArticle(accountId, values);
    setEditing(undefined);
    showMessage({ type: 'success', text: t('knowledge_base.saved') });
    await refresh();
  };

  const remove = async (article: KnowledgeBaseArticle) => {
    const isConfirmed = await confirm({ title: t('knowledge_base.delete_title', { title: article.Title }), message: t('knowledge_base.delete_message') });
    if (!isConfirmed) return;
    try {
      await deleteKnowledgeBaseArticle(accountId, article.Id);
    } catch {
      return; // Shown as an error toast (spec §8).
    }
    showMessage({ type: 'success', text: t('knowledge_base.deleted', { title: article.Title }) });
    await refresh();
    // The row that held the focus is gone: keyboard users go on from the list's main action.
    newArticleButton.current?.focus();
  };

  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <KnowledgeBaseFilters text={text} locale={locale} onTextChange={setText} onLocaleChange={setLocale} />
        {isAllowed(capabilities, KNOWLEDGE_BASE_RULES.save) && (
          <Button ref={newArticleButton} variant="contained" startIcon={<MdiIcon path={mdiPlus} />} onClick={() => setEditing({ article: undefined })} sx={{ flexShrink: 0 }}>
            {t('knowledge_base.new_article')}
          </Button>
        )}
      </Stack>
      {shown.length === 0 ? (
        <Typography role="status" sx={{ py: 3 }}>
          {articles.length === 0 ? t('knowledge_base.none') : t('knowledge_base.none_matching')}
        </Typography>
      ) : (
        <KnowledgeBaseTable
          articles={shown}
          canDelete={isAllowed(capabilities, KNOWLEDGE_BASE_RULES.delete)}
          onEdit={(article) => setEditing({ article })}
          onDelete={(article) => void remove(article)}
        />
      )}
      {editing && <KnowledgeBaseArticleDialog key={editing.article?.Id ?? 'new'} article={editing.article} onSave={save} onClose={() => setEditing(undefined)} />}
      {confirmDialog}
    </>
  );
}
