// A feed's body kept in a temporary file before anything else: read from the network at the sender's pace without a
// transaction open (nor, on the embedded database, its one connection held), counted as it comes so that a body past
// the limit is refused (413) without being kept, and then read a row at a time (feedParse.ts).
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A body past the limit: refused before it is read whole. */
export class FeedTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(
      `The feed is larger than ${Math.round(limitBytes / 1024 / 1024)} MB: send it in parts (PATCH), or ask for the limit to be raised`,
    );
    this.name = 'FeedTooLarge';
  }
}

export interface SpooledBody {
  file: string;
  bytes: number;
  /** Removes the file (and its folder). */
  discard(): Promise<void>;
}

/**
 * Writes `body` to a new temporary file; throws FeedTooLarge (the file removed) past `limitBytes`. The body is not
 * destroyed then, only left unread: the answer (413, `connection: close`) still reaches the sender.
 */
export async function spoolBody(body: Readable, limitBytes: number): Promise<SpooledBody> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stock-feed-'));
  const file = path.join(dir, 'feed');
  const discard = () => rm(dir, { recursive: true, force: true });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > limitBytes) callback(new FeedTooLarge(limitBytes));
      else callback(null, chunk);
    },
  });
  const lost = (error: Error) => counter.destroy(error);
  body.once('error', lost);
  body.pipe(counter);
  try {
    await pipeline(counter, createWriteStream(file));
  } catch (error) {
    body.unpipe(counter);
    body.pause();
    await discard();
    throw error;
  } finally {
    body.off('error', lost);
  }
  return { file, bytes, discard };
}
