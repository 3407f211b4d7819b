import { Component, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { errorMessage } from '@/lib/api-client';

/** Shown when a page fails to load (for example a stale chunk after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  return (
    <main className="mx-auto max-w-lg px-6 py-24 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">{errorMessage(error, 'This page could not be shown.')}</p>
      <div className="mt-6 flex justify-center gap-4">
        <button type="button" className="font-medium text-brand-700 underline" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className="font-medium text-brand-700 underline" to="/">
          Home
        </Link>
      </div>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The error is forgotten when this changes, so moving to another page tries again. */
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failedAt: string | null }> {
  state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; failedAt: string | null }) {
    if (state.failedAt === null && state.error !== null) return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: null };
    return null;
  }

  render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** An area's error screen in place of the area (its shell included) when something in it throws. */
export function RouteErrorBoundary({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children ?? <Outlet />}</ErrorBoundary>;
}
