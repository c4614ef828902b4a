import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyWithPreload } from '../lazyWithPreload';

const Greeting = ({ name }: { name: string }) => <p>Hello, {name}</p>;

describe('lazyWithPreload', () => {
  it('renders a component loaded ahead of time at once, without showing the fallback', async () => {
    const LazyGreeting = lazyWithPreload(async () => Greeting);
    await LazyGreeting.preload();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ada" />
      </Suspense>,
    );

    expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('suspends like React.lazy when nothing loaded it before its first render', async () => {
    const LazyGreeting = lazyWithPreload(async () => Greeting);

    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Grace" />
      </Suspense>,
    );

    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello, Grace')).toBeInTheDocument();
  });

  it('loads the chunk once, however often it is preloaded, and again after a failure', async () => {
    let loads = 0;
    const LazyGreeting = lazyWithPreload(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk missing');
      return Greeting;
    });

    await expect(LazyGreeting.preload()).rejects.toThrow('chunk missing');
    await Promise.all([LazyGreeting.preload(), LazyGreeting.preload()]);
    expect(loads).toBe(2);
  });
});
