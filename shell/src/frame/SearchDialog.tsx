import { Link } from 'react-router-dom';
import { Modal } from '@site/shared-ui';
import type { SearchModalProps } from '@site/contracts/federation';
import { siteRouteUrl } from '@site/contracts/routes';
import { preloadRemotePage } from '../remotes/RemotePage';
import { RemoteWidget } from '../remotes/RemoteWidget';
import { useRemoteModuleSettled } from '../remotes/useRemoteModuleSettled';
import { useText } from '../i18n/useText';

/** Shown when the catalogue's search cannot be loaded: the visitor can still browse. */
function SearchUnavailable({ onClose }: { onClose: () => void }) {
  const text = useText();
  return (
    <Modal open onClose={onClose} title={text('search.title')} closeLabel={text('ui.close')}>
      <p>{text('search.unavailable')}</p>
      <p>
        <Link to={siteRouteUrl('our-products')} onClick={onClose}>
          {text('search.browseAll')}
        </Link>
      </p>
    </Modal>
  );
}

/**
 * Starts fetching the search modal's code when the visitor is about to open it (pointer over or pressing the search
 * button, or the focus on it): the modal then shows sooner after the click. Not earlier: every visitor of every page
 * would download the catalogue's search (the JS guard of /home, tests/specs/js-budget.spec.ts).
 */
export function preloadSearchDialog(): void {
  preloadRemotePage('catalogue', './SearchModal');
}

/**
 * The header's search: the modal comes from the catalogue remote, loaded when first opened (or preloaded), and drawn
 * once its code is there.
 */
export function SearchDialog({ open, onClose, typedText }: SearchModalProps) {
  const ready = useRemoteModuleSettled('catalogue', './SearchModal', open);
  if (!open || !ready) return null;
  return (
    <RemoteWidget
      remote="catalogue"
      modulePath="./SearchModal"
      componentProps={typedText ? { open, onClose, typedText } : { open, onClose }}
      fallback={<SearchUnavailable onClose={onClose} />}
    />
  );
}
