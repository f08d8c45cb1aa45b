// A task every server process runs on a timer (publish what fell due, remind what is about to expire). Each process
// polls on its own, so the task must be safe with several at once (each does its work in a transaction that takes the
// row or a lock first). A poll does not start while the last one runs; close() stops the timer and waits for the poll
// under way, so a process shutting down does not cut a transaction short.
export interface PollerOptions {
  everyMs: number;
  /** One poll. A failure is passed to `failed` and the next poll tries again. */
  poll: () => Promise<void>;
  failed: (error: unknown) => void;
}

export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: PollerOptions) {}

  /** Polls now, then every `everyMs`; the timer does not keep the process alive. */
  start(): void {
    this.timer = setInterval(() => this.pollOnce(), this.options.everyMs);
    this.timer.unref();
    this.pollOnce();
  }

  private pollOnce(): void {
    if (this.closed || this.running !== undefined) return;
    this.running = this.options
      .poll()
      .catch(this.options.failed)
      .finally(() => {
        this.running = undefined;
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }
}
