import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs a pass now and then: every pollMs, at once after kick() (or right after the pass in hand,
 * when kicked during one), never two at a time. stop() ends the polling, aborts `signal` (so work
 * in hand can stop and hand itself back) and waits for the pass in hand.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = new AbortController();
  private kickedWhileRunning = false;
  stopped = true;

  constructor(
    private readonly options: {
      pollMs: number;
      log: FastifyBaseLogger;
      /** For the log line of a pass that threw. */
      name: string;
      pass: () => Promise<unknown>;
    },
  ) {}

  /** Aborted when the loop stops. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  start(): void {
    this.stopped = false;
    this.stopping = new AbortController();
    this.schedule(0);
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) this.kickedWhileRunning = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.stopping.abort(new Error(`The ${this.options.name} is stopping.`));
    await this.running;
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.options
        .pass()
        .then(() => undefined)
        .catch((error) => this.options.log.error({ err: error }, `${this.options.name} pass failed`))
        .finally(() => {
          this.running = null;
          const again = this.kickedWhileRunning;
          this.kickedWhileRunning = false;
          if (!this.stopped) this.schedule(again ? 0 : this.options.pollMs);
        });
    }, delay);
    this.timer.unref();
  }
}
