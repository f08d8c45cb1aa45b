// The alert rules an operator loads (server/prometheus/alerts.yml) as Prometheus itself reads them: promtool checks
// their expressions and runs their unit tests (alerts.test.yml), so a renamed metric or a wrong threshold fails here,
// not on the night it should have woken someone.
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { promtool } from '../test-support/promtool.js';

const RULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../prometheus');

test('promtool accepts the alert rules', (t) => {
  const checked = promtool(['check', 'rules', path.join(RULES_DIR, 'alerts.yml')]);
  if ('skipped' in checked) return t.skip(checked.skipped);
  assert.equal(checked.status, 0, checked.output);
  assert.match(checked.output, /SUCCESS: 4 rules found/);
});

test('each alert fires on the series it is for, after its wait, and not on healthy ones (promtool test rules)', (t) => {
  const tested = promtool(['test', 'rules', path.join(RULES_DIR, 'alerts.test.yml')]);
  if ('skipped' in tested) return t.skip(tested.skipped);
  assert.equal(tested.status, 0, tested.output);
});
