import { useLocation, useNavigate } from 'react-router';
import type { networkFetch } from '@/test/network';

/** Shows the current URL search so tests can read the list state kept there. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{`${pathname}${search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        History back
      </button>
    </>
  );
}

/** Query params of every call made to path (e.g. '/api/admin/clients'), oldest first. */
export function callsTo(fetchMock: typeof networkFetch, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
