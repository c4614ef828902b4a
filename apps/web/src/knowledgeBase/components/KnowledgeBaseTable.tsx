import { useTranslation } from 'react-i18next';
import { mdiDelete, mdiPencil } from '@mdi/js';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { KnowledgeBaseArticle } from '@cmp/contracts/knowledgeBase';
import { LOCALE_NAMES } from '@cmp/contracts/locales';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { MdiIcon } from '../../platform/ui/MdiIcon';

interface KnowledgeBaseTableProps {
  articles: KnowledgeBaseArticle[];
  canDelete: boolean;
  onEdit: (article: KnowledgeBaseArticle) => void;
  onDelete: (article: KnowledgeBaseArticle) => void;
}

/** The articles of one owner: title, language, published or not, last change, and the row's actions. */
export function KnowledgeBaseTable({ articles, canDelete, onEdit, onDelete }: KnowledgeBaseTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('knowledge_base.articles')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('knowledge_base.column_title')}</TableCell>
            <TableCell>{t('knowledge_base.column_language')}</TableCell>
            <TableCell>{t('knowledge_base.column_published')}</TableCell>
            <TableCell>{t('knowledge_base.column_updated')}</TableCell>
            <TableCell>{t('knowledge_base.column_actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {articles.map((article) => (
            <TableRow key={article.Id} hover>
              <TableCell component="th" scope="row" lang={article.Locale} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {article.Title}
              </TableCell>
              <TableCell lang={article.Locale}>{LOCALE_NAMES[article.Locale]}</TableCell>
              <TableCell>{article.IsPublished ? t('knowledge_base.yes') : t('knowledge_base.no')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(article.UpdatedAt, i18n.language)}</TableCell>
              <TableCell>
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
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
