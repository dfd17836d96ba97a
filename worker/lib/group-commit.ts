// An item waiting for its commit, and how its caller is answered.
export interface Waiting<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

// Group commit: items that arrive while a commit runs wait, and the next commit takes them all (at most
// `max`), so the requests that arrive together share one transaction. Commits run one after another, in
// arrival order. `commit` settles its own items (it answers or fails each one) and does not throw.
export class GroupCommit<I, R> {
  private waiting: Waiting<I, R>[] = [];
  private running = false;

  constructor(
    private readonly max: number,
    private readonly commit: (batch: Waiting<I, R>[]) => Promise<void>,
  ) {}

  // Answers when the item's commit has settled it.
  add(item: I): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.running) void this.run();
    });
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
