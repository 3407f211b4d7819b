import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { PageLoader } from './guards/page-loader';
import { QueryRoot } from './query-root';
import { AppRoutes } from './router';
import { ToasterHost } from './toaster-host';

const BrandHue = lazy(() => import('./brand-hue'));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageLoader />}>
        <AppRoutes />
      </Suspense>
      <Suspense fallback={null}>
        <QueryRoot>
          <BrandHue />
        </QueryRoot>
      </Suspense>
      <ToasterHost />
    </BrowserRouter>
  );
}
