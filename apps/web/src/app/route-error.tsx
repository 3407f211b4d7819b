import { Link, useRouteError } from 'react-router';
import { errorMessage } from '@/lib/api-client';

/** Shown when a page fails to load (for example a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
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
