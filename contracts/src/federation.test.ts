import { remoteEntryFileOf } from './federation';

describe('remoteEntryFileOf', () => {
  it("names the manifest's remoteEntry.js relative to the manifest's folder", () => {
    expect(remoteEntryFileOf({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } })).toBe('remoteEntry.js');
    expect(remoteEntryFileOf({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '/entry/' } } })).toBe('entry/remoteEntry.js');
  });

  it('is undefined for anything that is not a manifest', () => {
    expect(remoteEntryFileOf(null)).toBeUndefined();
    expect(remoteEntryFileOf({ metaData: { remoteEntry: { name: '' } } })).toBeUndefined();
    expect(remoteEntryFileOf({ metaData: {} })).toBeUndefined();
  });
});
