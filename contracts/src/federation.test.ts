import { RELEASED_REMOTES, REMOTE_NAMES, remoteEntryFileOf } from './federation';
import { STAFF_REMOTE } from './staffApi';

describe('remoteEntryFileOf', () => {
  it("names the manifest's remoteEntry.js relative to the manifest's folder", () => {
    expect(remoteEntryFileOf({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } })).toBe(
      'remoteEntry.js',
    );
    expect(remoteEntryFileOf({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '/entry/' } } })).toBe(
      'entry/remoteEntry.js',
    );
  });

  it('is undefined for anything that is not a manifest', () => {
    expect(remoteEntryFileOf(null)).toBeUndefined();
    expect(remoteEntryFileOf({ metaData: { remoteEntry: { name: '' } } })).toBeUndefined();
    expect(remoteEntryFileOf({ metaData: {} })).toBeUndefined();
  });
});

describe('RELEASED_REMOTES', () => {
  it('are the public remotes and the staff remote, each once', () => {
    expect([...RELEASED_REMOTES].sort()).toEqual([...REMOTE_NAMES, STAFF_REMOTE].sort());
    expect(new Set(RELEASED_REMOTES).size).toBe(RELEASED_REMOTES.length);
  });
});
