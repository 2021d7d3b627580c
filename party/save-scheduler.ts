/**
 * Saves a room's document to D1 (through the Worker) shortly after edits stop: at most
 * `debounceMs` after the last update, and at least every `maxWaitMs` while edits keep
 * coming. One save runs at a time; edits made during a save trigger another.
 * A failed save is retried after `retryMs`.
 */
export class SaveScheduler {
  private dirty = false;
  private firstPendingAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly save: () => Promise<void>,
    private readonly opts = { debounceMs: 200, maxWaitMs: 1000, retryMs: 1000 },
  ) {}

  /** Something changed: save soon. */
  touch(): void {
    if (!this.dirty) this.firstPendingAt = Date.now();
    this.dirty = true;
    this.arm(Math.min(this.opts.debounceMs, Math.max(0, this.firstPendingAt + this.opts.maxWaitMs - Date.now())));
  }

  get pending(): boolean {
    return this.dirty || this.inFlight !== undefined;
  }

  /** Saves now whatever is pending and resolves when it is stored (rejects if the save fails). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.dirty || this.inFlight) {
      if (this.inFlight) {
        await this.inFlight.catch(() => undefined);
        continue;
      }
      this.dirty = false;
      const run = this.save();
      this.inFlight = run;
      try {
        await run;
      } catch (err) {
        this.dirty = true;
        this.arm(this.opts.retryMs);
        throw err;
      } finally {
        this.inFlight = undefined;
      }
    }
  }

  /** Resolves when no save is running (a pending one may still come). */
  async settled(): Promise<void> {
    while (this.inFlight) await this.inFlight.catch(() => undefined);
  }

  /**
   * What is pending was stored by someone else (the Worker, with a REST write it merged
   * here): forgets it, unless a save is running. False when one is (it will store it anyway).
   */
  storedElsewhere(): boolean {
    if (this.inFlight) return false;
    this.cancel();
    return true;
  }

  /** Forgets what is pending (the document is gone); a save already running finishes. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty = false;
  }

  private arm(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((err) => console.error('saving the concept document failed', err));
    }, delayMs);
  }
}
