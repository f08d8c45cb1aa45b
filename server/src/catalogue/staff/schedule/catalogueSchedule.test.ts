// Scheduled publishing through the whole app (real sessions and CSRF tokens) with another server process beside it,
// on both databases: a draft scheduled at a Dubai time, moved, cancelled, a past time refused in words; the 1 January
// price list published at its midnight with nobody there, once though two processes race for it, in the history as
// published on schedule by whom scheduled it and seen by the other process; both processes' own pollers publishing a
// due schedule once; a publish by hand ending the schedule; a stale schedule (its product archived) failed in words,
// nothing of it applied.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { catalogueProductApiPath } from '@site/contracts/api';
import type { ProductResponse } from '@site/contracts/catalogue-api';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type {
  EditableProduct,
  EditorProduct,
  ProductVersionList,
  ScheduleList,
} from '@site/contracts/staff-catalogue-api';
import { recordStaffAction } from '../../../staff/audit.js';
import { catalogueEditorApp } from '../../../test-support/catalogueEditorApp.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../../test-support/databases.js';
import { eventually } from '../../../test-support/eventually.js';
import { addStaffAccount, signInStaff, staffCall as call } from '../../../test-support/staffSignIn.js';
import { publishDueSchedules } from './duePublish.js';

const PRODUCT = 'hex_cw_brass_cable_gland';
const OTHER = 'oc_cu_xlpe_swa_pvc_cable';
const url = (pattern: string, id = PRODUCT) => staffApiPath(pattern, { id });

async function scheduleSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  // the pollers of both processes look every 0.2 s (CATALOGUE_SCHEDULE_POLL_SECONDS), as a short test needs
  const { app, db, other, otherDb } = await catalogueEditorApp(t, target, {
    anotherProcess: true,
    env: { CATALOGUE_SCHEDULE_POLL_SECONDS: '0.2' },
  });
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  await addStaffAccount(db, 'yusuf@crescent.example', 'catalogue');
  await addStaffAccount(db, 'omar@crescent.example', 'branch', 'Dubai');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const yusuf = await signInStaff(app, 'yusuf@crescent.example');
  const omar = await signInStaff(app, 'omar@crescent.example');
  const read = async (id = PRODUCT) => {
    const res = await call(app, layla, 'GET', url(STAFF_API.catalogueProduct, id));
    assert.equal(res.statusCode, 200, res.body);
    return res.json<EditorProduct>();
  };
  const saveName = async (name: string) => {
    const product = await read();
    const content: EditableProduct = { ...(product.draft?.content ?? product.published), productName: name };
    const res = await call(app, layla, 'PUT', url(STAFF_API.catalogueDraft), { baseVersion: product.version, content });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<EditorProduct>();
  };
  const schedule = (who: typeof layla, baseVersion: number, dueAt: string, id = PRODUCT) =>
    call(app, who, 'PUT', url(STAFF_API.catalogueSchedule, id), { baseVersion, dueAt });
  const otherName = async () =>
    (await other.inject({ url: catalogueProductApiPath(PRODUCT) })).json<ProductResponse>().product.productName;
  const schedules = () =>
    db.query<{ state: string; draft_version: string; failure: string | null }>(
      'select state, draft_version::text, failure from catalogue_publish_schedules where product_id = $1 order by scheduled_at',
      [PRODUCT],
    );
  const versions = async () =>
    (await call(app, layla, 'GET', url(STAFF_API.catalogueVersions))).json<ProductVersionList>().versions;

  await t.test('a draft is scheduled at a Dubai time, moved, followed by a later save, cancelled', async () => {
    const saved = await saveName('Brass Gland, 2027 price list');
    const past = await schedule(layla, saved.version, '2020-01-01T00:00');
    assert.equal(past.statusCode, 400);
    assert.match(past.json<{ error: string }>().error, /^1 Jan 2020, 00:00 \(Dubai time\) has passed: choose a later/);
    assert.equal((await schedule(layla, saved.version, '2027-02-30T00:00')).statusCode, 400, 'no such date');
    assert.equal((await schedule(layla, saved.version - 1, '2027-01-01T00:00')).statusCode, 409, 'a stale version');
    assert.equal((await schedule(omar, saved.version, '2027-01-01T00:00')).statusCode, 403, 'branch staff');
    const noDraft = await schedule(layla, (await read(OTHER)).version, '2027-01-01T00:00', OTHER);
    assert.equal(noDraft.statusCode, 409);
    assert.match(noDraft.json<{ error: string }>().error, /no draft of this product to schedule/);

    const made = await schedule(layla, saved.version, '2027-01-01T00:00');
    assert.equal(made.statusCode, 200, made.body);
    const { schedule: first } = made.json<EditorProduct>();
    // Dubai is UTC+4: midnight there is 20:00 UTC the day before
    assert.deepEqual(
      [first?.state, first?.dueAt, first?.scheduledBy],
      ['scheduled', '2026-12-31T20:00:00.000Z', 'layla@crescent.example'],
    );
    const moved = (await schedule(yusuf, saved.version, '2027-01-02T09:30')).json<EditorProduct>().schedule;
    assert.deepEqual(
      [moved?.id, moved?.dueAt, moved?.scheduledBy],
      [first?.id, '2027-01-02T05:30:00.000Z', 'yusuf@crescent.example'],
    );

    const later = await saveName('Brass Gland, 2027 price list (typo fixed)');
    assert.equal(later.schedule?.id, first?.id, 'a later save keeps the schedule, which publishes that draft');
    assert.deepEqual(await schedules(), [{ state: 'scheduled', draft_version: String(later.version), failure: null }]);
    const listed = (await call(app, layla, 'GET', STAFF_API.catalogueSchedules)).json<ScheduleList>().schedules;
    assert.deepEqual(
      listed.map(({ productId, productName, dueAt }) => [productId, productName, dueAt]),
      [[PRODUCT, 'Brass Gland, 2027 price list (typo fixed)', '2027-01-02T05:30:00.000Z']],
    );

    const cancelUrl = url(STAFF_API.catalogueScheduleCancel);
    assert.equal((await call(app, layla, 'POST', cancelUrl, { scheduleId: 'another' })).statusCode, 409);
    const cancelled = await call(app, layla, 'POST', cancelUrl, { scheduleId: first?.id });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json<EditorProduct>().schedule, null);
    assert.notEqual(cancelled.json<EditorProduct>().draft, null, 'the draft stays a draft');
    assert.deepEqual(
      (await schedules()).map(({ state }) => state),
      ['cancelled'],
    );
    assert.deepEqual((await call(app, layla, 'GET', STAFF_API.catalogueSchedules)).json<ScheduleList>().schedules, []);
  });

  await t.test('the 1 January price list goes live at its midnight, once though two processes race', async () => {
    const before = await read();
    const made = await schedule(layla, before.version, '2027-01-01T00:00');
    assert.equal(made.statusCode, 200, made.body);
    const minuteBefore = new Date('2026-12-31T19:59:59Z');
    assert.equal(await publishDueSchedules(db, recordStaffAction, minuteBefore), 0, 'not before its minute');
    const midnight = new Date('2026-12-31T20:00:00Z');
    const published = await Promise.all([
      publishDueSchedules(db, recordStaffAction, midnight),
      publishDueSchedules(otherDb, recordStaffAction, midnight),
    ]);
    assert.equal(published[0] + published[1], 1, 'published once');
    const after = await read();
    assert.deepEqual([after.draft, after.schedule, after.version], [null, null, before.version + 1]);
    assert.equal(
      await eventually(otherName, (name) => name === 'Brass Gland, 2027 price list (typo fixed)'),
      'Brass Gland, 2027 price list (typo fixed)',
      'the other process shows it',
    );
    const [latest, previous] = await versions();
    assert.deepEqual(
      [latest?.version, latest?.onSchedule, latest?.publishedBy],
      [after.version, true, 'layla@crescent.example'],
    );
    assert.notEqual(previous?.onSchedule, true);
    const audit = await db.query<{ actor_email: string; action: string; detail: string }>(
      "select actor_email, action, detail from staff_audit_log where action like 'catalogue.%' and target = $1 order by id",
      [`product:${PRODUCT}`],
    );
    assert.deepEqual(
      audit.filter(({ action }) => action.startsWith('catalogue.schedule') || action === 'catalogue.publish'),
      [
        {
          actor_email: 'layla@crescent.example',
          action: 'catalogue.schedule',
          detail: `draft version ${before.version - 1} scheduled to publish on 1 Jan 2027, 00:00 (Dubai time)`,
        },
        {
          actor_email: 'yusuf@crescent.example',
          action: 'catalogue.schedule-change',
          detail: `the publish of draft version ${before.version - 1} moved from 1 Jan 2027, 00:00 (Dubai time) (scheduled by layla@crescent.example) to 2 Jan 2027, 09:30 (Dubai time)`,
        },
        {
          actor_email: 'layla@crescent.example',
          action: 'catalogue.schedule-follow',
          detail: `the publish scheduled for 2 Jan 2027, 09:30 (Dubai time) by yusuf@crescent.example now publishes draft version ${before.version}`,
        },
        {
          actor_email: 'layla@crescent.example',
          action: 'catalogue.schedule-cancel',
          detail: 'the publish scheduled for 2 Jan 2027, 09:30 (Dubai time) by yusuf@crescent.example was cancelled',
        },
        {
          actor_email: 'layla@crescent.example',
          action: 'catalogue.schedule',
          detail: `draft version ${before.version} scheduled to publish on 1 Jan 2027, 00:00 (Dubai time)`,
        },
        {
          actor_email: 'layla@crescent.example',
          action: 'catalogue.publish',
          detail: `version ${after.version} published on schedule (scheduled by layla@crescent.example for 1 Jan 2027, 00:00 (Dubai time))`,
        },
      ],
    );
  });

  await t.test("both processes' pollers publish a schedule at its minute, once", async () => {
    const saved = await saveName('Brass Gland, polled');
    const made = await schedule(layla, saved.version, '2030-01-01T00:00');
    assert.equal(made.statusCode, 200, made.body);
    const historyBefore = (await versions()).length;
    // its minute comes (a test does not wait for a real one)
    await db.query("update catalogue_publish_schedules set due_at = now() where state = 'scheduled'");
    assert.equal(await eventually(otherName, (name) => name === 'Brass Gland, polled', 5_000), 'Brass Gland, polled');
    assert.equal((await read()).draft, null);
    // a few more polls of each: still one version
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal((await versions()).length, historyBefore + 1);
    assert.deepEqual((await schedules()).at(-1)?.state, 'published');
  });

  await t.test('a publish by hand ends the pending schedule', async () => {
    const saved = await saveName('Brass Gland, published by hand');
    assert.equal((await schedule(layla, saved.version, '2027-01-01T00:00')).statusCode, 200);
    const published = await call(app, yusuf, 'POST', url(STAFF_API.cataloguePublish), { baseVersion: saved.version });
    assert.equal(published.statusCode, 200, published.body);
    assert.equal(published.json<EditorProduct>().schedule, null);
    assert.equal((await schedules()).at(-1)?.state, 'cancelled');
    assert.equal(await publishDueSchedules(db, recordStaffAction, new Date('2027-01-01T00:00:00Z')), 0);
  });

  await t.test('a schedule whose product was archived fails in words, nothing of it applied', async () => {
    const saved = await saveName('Brass Gland, never live');
    assert.equal((await schedule(layla, saved.version, '2027-01-01T00:00')).statusCode, 200);
    const archived = await call(app, layla, 'POST', url(STAFF_API.catalogueArchive), { baseVersion: saved.version });
    assert.equal(archived.statusCode, 200, archived.body);
    const historyBefore = (await versions()).length;
    assert.equal(await publishDueSchedules(db, recordStaffAction, new Date('2027-01-01T00:00:00Z')), 0);
    const { schedule: failed } = await read();
    assert.equal(failed?.state, 'failed');
    assert.equal(
      failed?.failure,
      'Not published: this product is archived: restore it (unarchive) before changing it.',
    );
    assert.equal((await versions()).length, historyBefore, 'no version published');
    assert.equal((await other.inject({ url: catalogueProductApiPath(PRODUCT) })).statusCode, 410, 'still withdrawn');
    const [line] = await db.query<{ detail: string }>(
      "select detail from staff_audit_log where action = 'catalogue.schedule-failed' order by id desc limit 1",
    );
    assert.match(
      line?.detail ?? '',
      /^the publish scheduled for 1 Jan 2027, 00:00 \(Dubai time\): Not published: this product is archived/,
    );
  });
}

test('scheduled publishing on embedded PGlite', async (t) => {
  await scheduleSuite(t, pgliteTarget);
});

test('scheduled publishing on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => scheduleSuite(t, target));
});
