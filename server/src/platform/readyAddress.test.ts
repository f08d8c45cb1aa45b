import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadPlatformConfig } from './config.js';
import { readyAddress } from './readyAddress.js';

const addressOf = (env: Record<string, string>) => readyAddress(loadPlatformConfig(env).http, 18201);

test('the start message names PUBLIC_SITE_URL when it is set', () => {
  assert.equal(
    addressOf({ PUBLIC_SITE_URL: 'https://www.crescent.example', ALLOWED_HOSTS: 'www.crescent.example' }),
    'https://www.crescent.example',
  );
});

test('without PUBLIC_SITE_URL it names localhost, or a host ALLOWED_HOSTS serves when the list leaves localhost out', () => {
  assert.equal(addressOf({}), 'http://localhost:18201');
  assert.equal(addressOf({ ALLOWED_HOSTS: 'localhost,127.0.0.1' }), 'http://localhost:18201');
  assert.equal(addressOf({ ALLOWED_HOSTS: '127.0.0.1' }), 'http://127.0.0.1:18201');
});
