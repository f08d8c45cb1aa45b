// Who a client is: one address however a proxy spells it, IPv6 visitors by their /64 (and /48), junk as one key; and
// through a real app behind a trusted proxy, the spellings of one address are one client for a rate limit.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { failureKeys } from '../../staff/lockout.js';
import { createFixture, stubDatabase, type Fixture } from '../../test-support/fixture.js';
import { clientNetworks, normaliseAddress, UNKNOWN_CLIENT } from './clientAddress.js';

/** The ways the attacker wrote 9.9.9.9, and a few more inet_aton and proxy spellings of it. */
const NINES = [
  '9.9.9.9',
  '9.9.9.9:1234',
  '009.009.009.009',
  '0x09.9.9.9',
  '151587081',
  '::ffff:909:909',
  '::ffff:9.9.9.9',
  '::FFFF:9.9.9.9',
  '[::ffff:9.9.9.9]:443',
  '011.9.9.9',
  '0x9090909',
  '9.592137',
  '9.9.2313',
  ' 9.9.9.9 ',
];

describe('normaliseAddress and clientNetworks', () => {
  test('every spelling of one IPv4 address is its dotted decimal', () => {
    for (const spelling of NINES) assert.equal(normaliseAddress(spelling), '9.9.9.9', spelling);
    assert.equal(normaliseAddress('0x7f.1'), '127.0.0.1');
    assert.equal(normaliseAddress('4294967295'), '255.255.255.255');
  });

  test('IPv6 is one lower-case RFC 5952 text, without its zone or port', () => {
    const table: [string, string][] = [
      ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
      ['2001:0db8:000a:000b:0001:0002:0003:0004', '2001:db8:a:b:1:2:3:4'],
      ['[2001:db8::1]:8080', '2001:db8::1'],
      ['[2001:db8::1]', '2001:db8::1'],
      ['fe80::1%eth0', 'fe80::1'],
      ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
      ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
      ['::', '::'],
      ['::1', '::1'],
      ['2001:db8:a:b::203.0.113.7', '2001:db8:a:b::cb00:7107'],
    ];
    for (const [raw, canonical] of table) assert.equal(normaliseAddress(raw), canonical, raw);
  });

  test('what is no address is one key, whatever it says', () => {
    for (const junk of [
      '',
      'not an address',
      '9.9.9.9.9',
      '256.1.1.1',
      '4294967296',
      '1.2.3.',
      '0x1g.1.1.1',
      '1.2.3.4:99999',
      '::ffff:009.9.9.9',
      '2001:db8::1::2',
      'unknown',
      '9.9.9.9, 8.8.8.8',
    ]) {
      assert.equal(normaliseAddress(junk), UNKNOWN_CLIENT, junk);
      assert.deepEqual(
        clientNetworks(junk),
        { address: UNKNOWN_CLIENT, network: UNKNOWN_CLIENT, wideNetwork: UNKNOWN_CLIENT },
        junk,
      );
    }
  });

  test('a visitor is its IPv4 address or its IPv6 /64; caps also hold per IPv4 /24 and IPv6 /48', () => {
    assert.deepEqual(clientNetworks('0x09.9.9.9'), {
      address: '9.9.9.9',
      network: '9.9.9.9',
      wideNetwork: '9.9.9.0/24',
    });
    assert.deepEqual(clientNetworks('2001:db8:a:b:1:2:3:4'), {
      address: '2001:db8:a:b:1:2:3:4',
      network: '2001:db8:a:b::/64',
      wideNetwork: '2001:db8:a::/48',
    });
    assert.deepEqual(clientNetworks('2001:db8::1'), {
      address: '2001:db8::1',
      network: '2001:db8::/64',
      wideNetwork: '2001:db8::/48',
    });
    assert.deepEqual(clientNetworks('::1'), { address: '::1', network: '::/64', wideNetwork: '::/48' });
    for (const ip of [
      '2001:db8:a:b::1',
      '2001:0DB8:000A:000B:1:2:3:4',
      '2001:db8:a:b:ffff::',
      '2001:db8:a:b::1%eth0',
      '[2001:db8:a:b::2]:443',
      '2001:db8:a:b::203.0.113.7',
    ]) {
      assert.equal(clientNetworks(ip).network, '2001:db8:a:b::/64', ip);
    }
    assert.equal(clientNetworks('::ffff:203.0.113.7').network, '203.0.113.7');
  });

  test('the staff sign-in lockout counts one address however it is written', () => {
    const keys = NINES.map((spelling) => failureKeys('dana@crescent.example', clientNetworks(spelling)));
    for (const key of keys) assert.deepEqual(key, keys[0]);
    assert.equal(keys[0]!.address, 'address:9.9.9.9');
    assert.deepEqual(
      failureKeys('dana@crescent.example', clientNetworks('2001:db8:a:b::1')),
      failureKeys('dana@crescent.example', clientNetworks('2001:db8:a:b:ffff::9')),
    );
  });
});

describe('one client behind a trusted proxy, however it is written', () => {
  let fixture: Fixture;
  let app: FastifyInstance;
  const LIMIT = 5;

  before(async () => {
    // the proxy on loopback is trusted: its X-Forwarded-For names the client
    fixture = await createFixture({
      env: { TRUST_PROXY: '127.0.0.1', SUBMIT_RATE_LIMIT_MAX: String(LIMIT), SUBMIT_RATE_LIMIT_WINDOW_SECONDS: '60' },
    });
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
  });
  after(async () => {
    await app?.close();
    await fixture?.cleanup();
  });

  /** A contact form (invalid on purpose: the limit counts every request, a 400 needs no database) from `client`. */
  const send = (client: string) =>
    app.inject({
      method: 'POST',
      url: '/api/send-contact-form',
      payload: { name: 'Aisha' },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    });

  test("the issue's five spellings of 9.9.9.9 share the contact form's limit: the next one is refused", async () => {
    const statuses = [];
    for (const spelling of ['9.9.9.9:1234', '009.009.009.009', '0x09.9.9.9', '151587081', '::ffff:909:909', '9.9.9.9'])
      statuses.push((await send(spelling)).statusCode);
    assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429]);
    // another client is its own
    assert.equal((await send('9.9.9.10')).statusCode, 400);
  });

  test('the addresses of one IPv6 /64 are one client', async () => {
    const statuses = [];
    for (let i = 1; i <= LIMIT + 1; i += 1) statuses.push((await send(`2001:db8:77:1::${i.toString(16)}`)).statusCode);
    assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429]);
    assert.equal((await send('2001:db8:77:2::1')).statusCode, 400, 'the next /64 is another visitor');
  });
});
