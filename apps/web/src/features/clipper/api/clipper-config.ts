import type { TRuntimeConfig } from '@hookline/shared';
import { useRuntimeConfig } from '@/lib/runtime-config';

/** The clipper part of GET /api/config; baseUrl '' means this server. */
export interface ClipperConfig {
  enabled: boolean;
  baseUrl: string;
}

export type ClipperAvailability = { state: 'loading' } | { state: 'disabled' } | { state: 'ready'; baseUrl: string };

/** The clipper settings of a runtime config; missing, malformed or switched off reads as disabled. */
export function clipperAvailability(config: TRuntimeConfig | undefined): ClipperAvailability {
  const clipper = (config as (TRuntimeConfig & { clipper?: Partial<ClipperConfig> }) | undefined)?.clipper;
  if (!clipper || clipper.enabled !== true) return { state: 'disabled' };
  return { state: 'ready', baseUrl: typeof clipper.baseUrl === 'string' ? clipper.baseUrl : '' };
}

/** Whether this deployment has a video clipper (the page says 'not configured' when not), and where it answers. */
export function useClipperAvailability(): ClipperAvailability {
  const config = useRuntimeConfig();
  if (config.isPending) return { state: 'loading' };
  return clipperAvailability(config.data);
}

/** The address of a clipper API path under the configured base URL. */
export function clipperUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}
