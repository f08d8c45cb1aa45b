import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Notice } from '../../ui/Notice';
import { ConfirmAction } from '../../ui/ConfirmAction';
import { useDeleteNewProductMutation } from '../catalogueApi';
import { refusalOf } from '../catalogueCalls';

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
  const [deleteNewProduct] = useDeleteNewProductMutation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteNewProduct({ id: productId, baseVersion: version }).unwrap();
      void navigate('/catalogue', { state: { deleted: productId } });
    } catch (refused) {
      setError(`Not deleted: ${refusalOf(refused).message}`);
      setBusy(false);
    }
  };

  return (
    <>
      <ConfirmAction
        label="Delete draft"
        question="Delete this new product? Its draft and its uploaded picture and datasheet are removed for good."
        confirmLabel="Delete"
        onConfirm={remove}
        busy={busy}
      />
      {error !== null ? <Notice tone="error">{error}</Notice> : null}
    </>
  );
}
