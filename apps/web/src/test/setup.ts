import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetNetwork, networkFetch } from './network';

// Installed before any app module loads: the auth client keeps the fetch it finds at creation.
globalThis.fetch = networkFetch;

// findBy…/waitFor give up after 5 s instead of 1 s: a busy two-core machine can take that long to
// load a lazy module and render, and a wait that gives up too early fails a correct page.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  resetNetwork();
});
