// Crash durability of the staff changes, on both databases: a process serving the work calls (test-support/staffWorkCrashChild.ts) is
// killed with SIGKILL in the middle of a stream of notes and status changes. Every change it acknowledged is in the
// database afterwards with its audit line, and no change is there without its line (or a line without its change):
// each change and its line are one transaction, committed before the answer.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, test, type TestContext } from 'node:test';
import { STAFF_API, staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import { openDatabase, type Database } from '../../platform/db/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { startStaffWorkChild } from '../../test-support/staffWorkChild.js';
import { as, createTestAccount } from '../../test-support/staffWorkApp.js';
import { submitContact } from '../../test-support/staffWorkData.js';

/** Acknowledged changes to wait for before the kill (the stream keeps coming while it lands). */
const ACKED_BEFORE_KILL = 40;
const ROWS = 80;

/** Starts the child and resolves with its address once it listens. */
interface Change {
  what: 'note' | 'status';
  id: number;
  text?: string;
  fate: 'acked' | 'lost' | 'refused';
}

async function crashSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const database = await target.fresh({ openedByPath: true });
  const opened: { again?: Database } = {};
  t.after(async () => {
    await opened.again?.close();
    await database.cleanup();
  });
  const admin: StaffAccountSummary = await createTestAccount(database.db, 'admin@crescent.example', 'admin');
  const ids: number[] = [];
  for (let index = 0; index < ROWS; index += 1)
    ids.push((await submitContact(database.db, { name: `Row ${index}` })).id);
  if (database.db.kind === 'embedded') await database.db.close(); // one process at a time on an embedded folder

  const { child, url } = await startStaffWorkChild(database.env);
  const exited = once(child, 'exit');
  const changes: Change[] = [];
  let acked = 0;
  let killed = false;
  const send = async (change: Omit<Change, 'fate'>): Promise<void> => {
    const entry: Change = { ...change, fate: 'lost' };
    changes.push(entry);
    const address = staffApiPath(change.what === 'note' ? STAFF_API.inboxNote : STAFF_API.inboxStatus, {
      kind: 'contact',
      id: change.id,
    });
    try {
      const res = await fetch(`${url}${address}`, {
        method: 'POST',
        headers: { ...as(admin), 'content-type': 'application/json' },
        body: JSON.stringify(change.what === 'note' ? { text: change.text } : { status: 'handled' }),
      });
      await res.arrayBuffer();
      entry.fate = res.status === 200 ? 'acked' : 'refused';
      if (entry.fate === 'acked') acked += 1;
    } catch {
      // the connection died with the process: not acknowledged
    }
    if (!killed && acked >= ACKED_BEFORE_KILL) {
      killed = true;
      child.kill('SIGKILL');
    }
  };
  // four clients at once: three adding notes, one marking rows handled, each row once
  let next = 0;
  const clients = [0, 1, 2, 3].map(async (client) => {
    while (!killed && next < ROWS * 3) {
      const n = next;
      next += 1;
      const id = ids[n % ROWS]!;
      if (client === 3 && n < ROWS) await send({ what: 'status', id: ids[n]! });
      else await send({ what: 'note', id, text: `note ${n} from client ${client}` });
    }
  });
  await Promise.all(clients);
  if (!killed) child.kill('SIGKILL');
  const [, signal] = (await exited) as [number | null, NodeJS.Signals | null];
  assert.equal(signal, 'SIGKILL', 'the server died of SIGKILL');

  const db =
    database.db.kind === 'embedded'
      ? await openDatabase({ dataDir: database.env.DATA_DIR!, databaseUrl: undefined })
      : await database.openAnother();
  opened.again = db;
  assert.equal(changes.filter((change) => change.fate === 'refused').length, 0, 'nothing refused');
  const ackedChanges = changes.filter((change) => change.fate === 'acked');
  assert.ok(ackedChanges.length >= ACKED_BEFORE_KILL);

  const notes = await db.query<{ id: number; ref_id: number; text: string }>(
    `select id, ref_id, text from staff_notes`,
  );
  const noteLines = await db.query<{ target: string; detail: string }>(
    `select target, detail from staff_audit_log where action = 'inbox.note'`,
  );
  const texts = new Set(notes.map((note) => note.text));
  const missingNotes = ackedChanges.filter((change) => change.what === 'note' && !texts.has(change.text!));
  assert.deepEqual(missingNotes, [], 'every acknowledged note is stored');
  assert.deepEqual(
    noteLines.map((line) => line.detail).sort(),
    notes.map((note) => `note ${note.id}`).sort(),
    'each stored note has its audit line, and each line its note',
  );
  assert.ok(
    notes.every((note) =>
      noteLines.some((line) => line.target === `contact:${note.ref_id}` && line.detail === `note ${note.id}`),
    ),
  );

  const handled = new Set(
    (await db.query<{ id: number }>(`select id from contact_messages where status = 'handled'`)).map((row) => row.id),
  );
  const statusLines = new Set(
    (await db.query<{ target: string }>(`select target from staff_audit_log where action = 'inbox.status'`)).map(
      (line) => line.target,
    ),
  );
  const missingStatus = ackedChanges.filter((change) => change.what === 'status' && !handled.has(change.id));
  assert.deepEqual(missingStatus, [], 'every acknowledged status change is stored');
  assert.deepEqual(
    [...handled].map((id) => `contact:${id}`).sort(),
    [...statusLines].sort(),
    'each status change has its line, and each line its change',
  );

  const lost = changes.filter((change) => change.fate === 'lost');
  const storedButUnanswered = lost.filter((change) =>
    change.what === 'note' ? texts.has(change.text!) : handled.has(change.id),
  ).length;
  console.log(
    `${target.name}: ${changes.length} sent, ${ackedChanges.length} acknowledged (all stored with their audit lines), ` +
      `${lost.length} unanswered at the kill (${storedButUnanswered} of them stored: committed before the answer was written)`,
  );
}

describe('staff changes survive SIGKILL', { timeout: 180_000 }, () => {
  test('on embedded PGlite', async (t) => crashSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => crashSuite(t, target)));
});
