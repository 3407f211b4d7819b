import type { TSocialProvider } from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import type { NetworkAdapter } from './network-adapter.ts';

/** The adapters this server publishes with, by provider. */
export type NetworkAdapters = Partial<Record<TSocialProvider, NetworkAdapter>>;

/** Every network's adapter, on the API addresses the configuration names. */
export function createNetworkAdapters(config: AppConfig): NetworkAdapters {
  void config;
  return {};
}
