// Each remote's messages in the page's language, loaded once, with the remote's first module (RemotePage), from the
// remote's own build (its './messages-<locale>' expose): a team releases its strings with its code.
import type { Messages } from '@lingui/core';
import { messagesModule, type RemoteName } from '@site/contracts/federation';
import { addCatalog } from '@site/shared-store';
import { loadRemoteModule } from '../remotes/loadRemoteModule';
import { currentPageI18n } from './pageI18n';

/** Each messages module asked for (`<remote>/<module>`), loading or loaded. */
const loaded = new Map<string, Promise<void>>();

/**
 * Adds the catalog of `remote` that its page `modulePath` reads (messagesModule: with the quantity words where the page
 * shows quantities) to the page's instance; resolves at once when it is there already or there is no instance.
 */
export function loadRemoteMessages(remote: RemoteName, modulePath?: string): Promise<void> {
  const i18n = currentPageI18n();
  if (i18n === undefined) return Promise.resolve();
  const module = messagesModule(i18n.locale, remote, modulePath);
  const key = `${remote}/${module}`;
  let loading = loaded.get(key);
  if (loading === undefined) {
    loading = loadRemoteModule<{ default: Messages }>(remote, module).then(({ default: catalog }) =>
      addCatalog(i18n, catalog),
    );
    // A failed load is tried again with the next module of that remote.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}
