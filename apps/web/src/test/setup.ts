import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetNetwork, networkFetch } from './network';

// Installed before any app module loads: the auth client keeps the fetch it finds at creation.
globalThis.fetch = networkFetch;

afterEach(() => {
  cleanup();
  resetNetwork();
});
