// The registry of mail composers: each feature that queues outbox rows registers the composer of its kinds
// (outboxMail.ts beside app.ts gathers them), so the outbox sends every feature's mail without importing any.
import type { ComposedMail, OutboxRow } from './compose.js';

/** Turns one outbox row of the kinds it was registered for into an e-mail. */
export type MailComposer = (row: OutboxRow, from: string) => ComposedMail | Promise<ComposedMail>;

export class MailComposers {
  readonly #byKind = new Map<string, MailComposer>();

  /** Makes `compose` the composer of the rows of `kinds` (each kind has one composer). */
  register(kinds: readonly string[], compose: MailComposer): this {
    for (const kind of kinds) {
      if (this.#byKind.has(kind)) throw new Error(`outbox kind "${kind}" has a composer already`);
      this.#byKind.set(kind, compose);
    }
    return this;
  }

  /** The mail of `row`, by the composer of its kind; a row of a kind nobody registered fails (it stays in the outbox). */
  async compose(row: OutboxRow, from: string): Promise<ComposedMail> {
    const compose = this.#byKind.get(row.kind);
    if (compose === undefined) throw new Error(`outbox ${row.id}: unknown kind "${row.kind}"`);
    return compose(row, from);
  }
}
