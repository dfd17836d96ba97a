// Group commit: items that arrive while a commit runs wait, and the next commit takes them all (at most
// `max`), so the requests that arrive together share one transaction. Commits run one after another, in
// arrival order. `commit` settles its own items (it answers or fails each one) and does not throw.
export class GroupCommit<T> {
  private waiting: T[] = [];
  private running = false;

  constructor(
    private readonly max: number,
    private readonly commit: (batch: T[]) => Promise<void>,
  ) {}

  add(item: T) {
    this.waiting.push(item);
    if (!this.running) void this.run();
  }

  private async run() {
    this.running = true;
    try {
      while (this.waiting.length > 0) await this.commit(this.waiting.splice(0, this.max));
    } finally {
      this.running = false;
    }
  }
}
