import { Link } from 'react-router-dom';
import { Modal } from '@site/shared-ui';
import { RemoteWidget } from '../remotes/RemoteWidget';

/** The contract of the catalogue's './SearchModal' expose. */
export interface SearchModalProps {
  open: boolean;
  onClose: () => void;
}

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
    <RemoteWidget<SearchModalProps>
      remote="catalogue"
      modulePath="./SearchModal"
      componentProps={{ open, onClose }}
      fallback={<SearchUnavailable onClose={onClose} />}
    />
  );
}
