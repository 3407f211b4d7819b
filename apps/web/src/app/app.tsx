import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { router } from './router';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** The brand colours follow the admin setting brandHue (SPEC default 212, set in styles.css). */
function BrandHue() {
  const hue = useRuntimeConfig().data?.brandHue;
  useEffect(() => {
    if (hue !== undefined) document.documentElement.style.setProperty('--brand-hue', String(hue));
  }, [hue]);
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandHue />
      <RouterProvider router={router} />
      {/* SPEC section 9: toasts last 3500 ms by default. */}
      <Toaster position="top-right" richColors closeButton duration={3500} />
    </QueryClientProvider>
  );
}
