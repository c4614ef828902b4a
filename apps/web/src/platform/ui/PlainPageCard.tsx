import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface PlainPageCardProps {
  /** The page's one level-1 heading. */
  title: string;
  children: ReactNode;
  maxWidth?: number;
}

/**
 * The card the sign-in and account pages of the plain layout sit in (spec §2 "plain layout"). It is
 * not a named region: the page is the main landmark already, and a name like "Set a new password"
 * would read as a second label next to the "New password" field.
 */
export function PlainPageCard({ title, children, maxWidth = 480 }: PlainPageCardProps) {
  return (
    <Paper elevation={2} sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
