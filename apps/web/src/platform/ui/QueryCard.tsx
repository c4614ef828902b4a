import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { failureText } from '../api/failureText';
import { LoadingIndicator } from './LoadingIndicator';

interface QueryCardProps<TData> {
  /** The card's level-2 heading, which also names the section. */
  title: string;
  intro?: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data: TData | undefined };
  /** The content once loaded; `headingId` names tables and forms inside after the card. */
  children: (data: TData, headingId: string) => ReactNode;
}

/** A titled section of a page that loads its own data: a spinner while loading, the server's message on failure. */
export function QueryCard<TData>({ title, intro, query, children }: QueryCardProps<TData>) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {query.data !== undefined && children(query.data, headingId)}
    </Paper>
  );
}
