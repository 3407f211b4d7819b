import { PollingLoop } from '../../lib/jobs/polling-loop.ts';
import { refreshExpiringChannels } from '../social/refresh-expiring-channels.ts';
import type { ChannelDeps } from '../social/renew-channel-tokens.ts';
import { fetchPostMetrics } from './fetch-post-metrics.ts';

/**
 * The channels' background work, wherever jobs run: renewing tokens before they expire and reading
 * published posts' figures, every `everyMs`. Both passes are safe on any number of runners.
 */
export class ChannelUpkeep {
  private readonly loop: PollingLoop;

  constructor(deps: ChannelDeps, everyMs: number) {
    this.loop = new PollingLoop({
      pollMs: everyMs,
      log: deps.log,
      name: 'channel upkeep',
      pass: async () => {
        await refreshExpiringChannels(deps);
        await fetchPostMetrics(deps);
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Writes elsewhere in the app give it nothing new to do: it keeps its own pace. */
  kick(): void {}

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
