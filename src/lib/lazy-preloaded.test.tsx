import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPreloaded } from './lazy-preloaded.tsx';

/** A module load the test settles by hand. */
function deferredLoad() {
  let settle!: { resolve: (component: (props: { name: string }) => ReactNode) => void; reject: (error: Error) => void };
  const promise = new Promise<(props: { name: string }) => ReactNode>((resolve, reject) => (settle = { resolve, reject }));
  let asked = 0;
  return { load: () => (asked++, promise), settle, asked: () => asked };
}

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('lazyPreloaded', () => {
  it('asks for its module at once, and draws in the first render, with no fallback, once the module has arrived', async () => {
    const module = deferredLoad();
    const Part = lazyPreloaded(module.load);
    expect(module.asked()).toBe(1);
    await act(async () => module.settle.resolve(Greeting));

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Ada" />
      </Suspense>,
    );
    // Synchronously: React.lazy would show the fallback here, then reveal the part later.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(module.asked()).toBe(1);
  });

  it('drawn before its module arrives, suspends like React.lazy and then shows it', async () => {
    const module = deferredLoad();
    const Part = lazyPreloaded(module.load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => module.settle.resolve(Greeting));
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
  });

  it('a load that failed reaches the error boundary when the part is drawn', async () => {
    // React reports an error a boundary caught on the console.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const module = deferredLoad();
    const Part = lazyPreloaded(module.load);
    await act(async () => module.settle.reject(new Error('chunk missing')));
    render(
      <Boundary>
        <Suspense fallback={<p>Loading</p>}>
          <Part name="Alan" />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk missing');
    quiet.mockRestore();
  });
});
