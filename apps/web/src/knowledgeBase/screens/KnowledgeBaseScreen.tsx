import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { QueryCard } from '../../platform/ui/QueryCard';
import { useKnowledgeBaseArticles } from '../api/knowledgeBaseOperations';
import { KnowledgeBaseArticleList } from '../components/KnowledgeBaseArticleList';

/**
 * /account/{accountId}/knowledge-base: the platform owner, a reseller or a company writes the
 * articles the chat assistant answers the users below it from (issue 5).
 */
export function KnowledgeBaseScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('knowledge_base.title')}
      </Typography>
      {accountId === undefined ? <Alert severity="error">{t('common.invalid_account')}</Alert> : <KnowledgeBaseCard key={accountId} accountId={accountId} />}
    </Box>
  );
}

function KnowledgeBaseCard({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const query = useKnowledgeBaseArticles(accountId);
  return (
    <QueryCard title={query.data?.DisplayName ?? t('knowledge_base.title')} intro={t('knowledge_base.intro')} query={query}>
      {(data) => <KnowledgeBaseArticleList accountId={accountId} articles={data.Articles} />}
    </QueryCard>
  );
}
