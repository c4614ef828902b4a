import type { ComponentProps } from 'react';
import Alert from '@mui/material/Alert';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { QueryCard } from '../../platform/ui/QueryCard';

/**
 * A console page's card. The server refuses a reseller's administrator with the reason (these
 * pages are the platform owner's): that is information, not a failure, so it shows on its own.
 */
export function ConsoleQueryCard<TData>(props: ComponentProps<typeof QueryCard<TData>>) {
  const { error } = props.query;
  if (error instanceof ApiError && error.status === 403) return <Alert severity="info">{failureText(error)}</Alert>;
  return <QueryCard {...props} />;
}
