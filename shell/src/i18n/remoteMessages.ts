// Each remote's messages in the page's language, loaded once, with the remote's first module (RemotePage), from the
// remote's own build (its './messages-<locale>' expose): a team releases its strings with its code.
import type { Messages } from '@lingui/core';
import { messagesModule, type RemoteName } from '@site/contracts/federation';
import { addCatalog } from '@site/shared-store';
import { loadRemoteModule } from '../remotes/loadRemoteModule';
import { currentPageI18n } from './pageI18n';

const loaded = new Map<RemoteName, Promise<void>>();

/** Adds `remote`'s catalog to the page's instance; resolves at once when it is there already or there is no instance. */
export function loadRemoteMessages(remote: RemoteName): Promise<void> {
  const i18n = currentPageI18n();
  if (i18n === undefined) return Promise.resolve();
  let loading = loaded.get(remote);
  if (loading === undefined) {
    loading = loadRemoteModule<{ default: Messages }>(remote, messagesModule(i18n.locale)).then(
      ({ default: catalog }) => addCatalog(i18n, catalog),
    );
    // A failed load is tried again with the next module of that remote.
    loading.catch(() => loaded.delete(remote));
    loaded.set(remote, loading);
  }
  return loading;
}
