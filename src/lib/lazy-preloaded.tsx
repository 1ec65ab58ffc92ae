import { lazy, useState, type ComponentType } from 'react';

/**
 * A part in a chunk of its own whose module is asked for at once (when the module declaring it runs), and which
 * draws without suspending once that module has arrived. React.lazy suspends on its first render even then, and
 * React 19 holds a suspended part's reveal back until 300 ms after the last fallback it showed (its throttle):
 * the home page's app block, its largest paint on a phone, came up that much after the rest of the page. A part
 * drawn before its module arrived suspends as React.lazy does (a failed load reaches the error boundary), and
 * keeps that form for its lifetime.
 */
export function lazyPreloaded<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const loading = load().then((component) => (loaded = component));
  // Nobody may draw it: its failure is then nobody's to report.
  loading.catch(() => {});
  const Lazy = lazy(async () => ({ default: await loading }));
  return function Preloaded(props: P) {
    // The form chosen at the first render: switching from Lazy to the module's own component would remount the part.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  };
}
