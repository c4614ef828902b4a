import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { holdUntilFirstPaint, useFirstPaintDone, useMarkFirstPaint } from '../firstPaint';

function Page({ fetches }: { fetches: string[] }) {
  useMarkFirstPaint();
  const painted = useFirstPaintDone();
  const query = useQuery({ queryKey: ['report'], queryFn: async () => (fetches.push('report'), 'figures') });
  return (
    <p>
      {painted ? 'painted' : 'first render'} / {query.data ?? 'waiting'}
    </p>
  );
}

describe('what the first screen does not show waits for it to be painted (issue 12)', () => {
  it('counts as painted when nothing held it (component tests, screens rendered later)', () => {
    const fetches: string[] = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Page fetches={fetches} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(/painted/)).toBeInTheDocument();
  });

  it('holds queries and gated parts through the first render, then lets them go after its frame', async () => {
    const fetches: string[] = [];
    holdUntilFirstPaint();
    expect(onlineManager.isOnline()).toBe(false);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Page fetches={fetches} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('first render / waiting')).toBeInTheDocument();
    expect(fetches).toEqual([]);

    expect(await screen.findByText('painted / figures')).toBeInTheDocument();
    expect(fetches).toEqual(['report']);
    await waitFor(() => expect(onlineManager.isOnline()).toBe(true));
  });
});
