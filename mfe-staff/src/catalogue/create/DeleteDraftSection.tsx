import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@site/shared-ui';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { DeletedProduct } from '@site/contracts/staff-catalogue-api';
import { ConfirmStep } from '../../ui/ConfirmStep';
import { Notice } from '../../ui/Notice';
import { Actions } from '../../ui/StaffField';
import { refusalOf, useCatalogueCall } from '../catalogueCalls';

export interface DeleteDraftSectionProps {
  productId: string;
  /** The version the page holds: a deletion based on an older one is refused (someone saved meanwhile). */
  version: number;
}

/**
 * "Delete draft" for a product created in the editor and never published: asked once more, then the draft and its
 * uploads are gone and the list opens. (A published product is withdrawn instead: the server refuses to delete it.)
 */
export function DeleteDraftSection({ productId, version }: DeleteDraftSectionProps) {
  const call = useCatalogueCall();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await call<DeletedProduct>(staffApiPath(STAFF_API.catalogueDeleteNew, { id: productId }), 'POST', { baseVersion: version });
      void navigate('/catalogue', { state: { deleted: productId } });
    } catch (refused) {
      setError(`Not deleted: ${refusalOf(refused).message}`);
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <>
      {asking ? (
        <ConfirmStep
          question="Delete this new product? Its draft and its uploaded picture and datasheet are removed for good."
          confirmLabel="Delete"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => setAsking(true)}>
            Delete draft
          </Button>
        </Actions>
      )}
      {error !== null ? <Notice tone="error">{error}</Notice> : null}
    </>
  );
}
