import { useTranslation } from 'react-i18next';
import { mdiDelete, mdiPencil } from '@mdi/js';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { KnowledgeBaseArticle } from '@cmp/contracts/knowledgeBase';
import { LOCALE_NAMES } from '@cmp/contracts/locales';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';

interface KnowledgeBaseTableProps {
  articles: KnowledgeBaseArticle[];
  canDelete: boolean;
  onEdit: (article: KnowledgeBaseArticle) => void;
  onDelete: (article: KnowledgeBaseArticle) => void;
}

/** The articles of one owner: title, language, published or not, last change, and the row's actions. */
export function KnowledgeBaseTable({ articles, canDelete, onEdit, onDelete }: KnowledgeBaseTableProps) {
  const { t, i18n } = useTranslation();
  const columns: DataColumn<KnowledgeBaseArticle>[] = [
    {
      id: 'Title',
      header: t('knowledge_base.column_title'),
      sortValue: (article) => article.Title,
      isRowHeader: true,
      cellSx: { fontWeight: 500, overflowWrap: 'anywhere' },
      // The article's own language, so that a screen reader reads its title right.
      cell: (article) => <span lang={article.Locale}>{article.Title}</span>,
    },
    {
      id: 'Locale',
      header: t('knowledge_base.column_language'),
      sortValue: (article) => LOCALE_NAMES[article.Locale],
      cell: (article) => <span lang={article.Locale}>{LOCALE_NAMES[article.Locale]}</span>,
    },
    { id: 'IsPublished', header: t('knowledge_base.column_published'), cell: (article) => (article.IsPublished ? t('knowledge_base.yes') : t('knowledge_base.no')) },
    { id: 'UpdatedAt', header: t('knowledge_base.column_updated'), sortValue: (article) => article.UpdatedAt, cellSx: { whiteSpace: 'nowrap' }, cell: (article) => formatDateTime(article.UpdatedAt, i18n.language) },
    {
      id: 'actions',
      header: t('knowledge_base.column_actions'),
      cell: (article) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<MdiIcon path={mdiPencil} />} aria-label={t('knowledge_base.edit_label', { title: article.Title })} onClick={() => onEdit(article)}>
            {t('knowledge_base.edit')}
          </Button>
          {canDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<MdiIcon path={mdiDelete} />}
              aria-label={t('knowledge_base.delete_label', { title: article.Title })}
              onClick={() => onDelete(article)}
            >
              {t('knowledge_base.delete')}
            </Button>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <DataTable
      tableId="knowledge-base-articles"
      rows={articles}
      columns={columns}
      rowKey={(article) => article.Id}
      label={t('knowledge_base.articles')}
      pageSizes={false}
      empty={t('knowledge_base.none_matching')}
    />
  );
}
