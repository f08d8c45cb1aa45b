import { Link } from 'react-router-dom';
import { Modal } from '@site/shared-ui';
import { RemoteWidget } from '../remotes/RemoteWidget';
import type { ExposedProps } from '../remotes/remoteExposes';

/** The props of the catalogue's './SearchModal' expose, as the catalogue declares them. */
export type SearchModalProps = ExposedProps<'catalogue', './SearchModal'>;

/** Shown when the catalogue's search cannot be loaded: the visitor can still browse. */
function SearchUnavailable({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="Search">
      <p>Search is not available at the moment.</p>
      <p>
        <Link to="/our-products" onClick={onClose}>
          Browse all our products
        </Link>
      </p>
    </Modal>
  );
}

/** The header's search: the modal comes from the catalogue remote, loaded when first opened. */
export function SearchDialog({ open, onClose }: SearchModalProps) {
  if (!open) return null;
  return (
    <RemoteWidget
      remote="catalogue"
      modulePath="./SearchModal"
      componentProps={{ open, onClose }}
      fallback={<SearchUnavailable onClose={onClose} />}
    />
  );
}
