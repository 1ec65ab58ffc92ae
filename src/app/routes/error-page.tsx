import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { Component, useEffect, useMemo, type ReactNode } from 'react';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';

import { NotFoundContent } from '../../components/not-found-content.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { pageTitle } from '../../config/brand.ts';
import * as paths from '../../config/paths.ts';
import { useAuth } from '../../features/auth/index.ts';
import { isChunkLoadError, reloadForChunkError } from '../../lib/chunk-reload.ts';
import { GuestLayout } from '../layouts/guest-layout.tsx';

/**
 * The router's error pages (spec 000, section 8). This module is part of the entry
 * chunk, since it must show even when a route's chunk cannot load, so it only uses what
 * the entry holds already.
 */

// One decision per error object, so rendering twice (StrictMode) does not count twice.
const reloadDecisions = new WeakMap<object, boolean>();

function reloadOnceFor(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const key = error as object;
  let decision = reloadDecisions.get(key);
  if (decision === undefined) {
    decision = reloadForChunkError();
    reloadDecisions.set(key, decision);
  }
  return decision;
}

function ErrorContent() {
  useEffect(() => {
    document.title = pageTitle('An error occurred');
  }, []);
  return (
    <>
      <Heading as="h1" size="3xl" mb="4">
        An error occurred
      </Heading>
      <Text mb="6" fontSize="lg">
        Something went wrong while showing this page. Please try again in a moment.
      </Text>
      <Link asChild color="brand.fg" fontWeight="semibold" textDecoration="underline">
        <RouterLink to={paths.index.build()}>Go to the home page</RouterLink>
      </Link>
    </>
  );
}

/** The router's error element: 404 answers show "Page not found", anything else "An error occurred". */
export function RouteErrorPage({ framed = true }: { framed?: boolean }) {
  const error = useRouteError();
  const { loggedIn } = useAuth();
  // A chunk that no longer exists after a deploy: a fresh page load fetches the new ones.
  const reloading = useMemo(() => reloadOnceFor(error), [error]);
  useEffect(() => {
    if (import.meta.env.DEV && !reloading) console.error(error);
  }, [error, reloading]);

  const content = reloading ? (
    <PageLoading label="Loading the latest version" />
  ) : isRouteErrorResponse(error) && error.status === 404 ? (
    <NotFoundContent loggedIn={loggedIn} />
  ) : (
    <ErrorContent />
  );
  return framed ? <GuestLayout>{content}</GuestLayout> : <Box>{content}</Box>;
}

interface FallbackState {
  failed: boolean;
}

/** If the error page itself throws: a plain message and a link home that reloads the app. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, FallbackState> {
  override state: FallbackState = { failed: false };

  static getDerivedStateFromError(): FallbackState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    document.title = pageTitle('An error occurred');
    if (import.meta.env.DEV) console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main
        id="main-content"
        style={{ maxWidth: 640, margin: '0 auto', padding: '48px 16px', fontFamily: 'system-ui, sans-serif' }}
      >
        <h1>An error occurred while showing the error page</h1>
        <p>
          <a href={paths.index.build()}>Go to the home page</a>
        </p>
      </main>
    );
  }
}

/** The root route's error element. */
export function RootErrorElement() {
  return (
    <ErrorPageBoundary>
      <RouteErrorPage />
    </ErrorPageBoundary>
  );
}
