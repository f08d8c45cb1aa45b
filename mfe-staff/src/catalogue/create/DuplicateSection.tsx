import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@site/shared-ui';
import { Notice } from '../../ui/Notice';
import { Actions } from '../../ui/StaffField';
import { useDuplicateProductMutation } from '../catalogueApi';
import { editPath, refusalOf } from '../catalogueCalls';

/**
 * "Duplicate": the server copies the product's saved draft (or its published content) into a new draft product with
 * a new id, and the edit page opens on the copy. Not offered over unsaved edits, which the copy would not hold.
 */
export function DuplicateSection({ productId, dirty }: { productId: string; dirty: boolean }) {
  const [duplicateProduct] = useDuplicateProductMutation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const duplicate = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const copy = await duplicateProduct(productId).unwrap();
      void navigate(editPath(copy.id));
    } catch (refused) {
      setError(refusalOf(refused).message);
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        Makes a new draft product with every field of this one (its saved draft, if any). Its code ends in -COPY and its
        names say it is a copy: change them before you publish it. Pictures and datasheets are not copied: upload them
        for the copy.
      </p>
      <Actions>
        <Button type="button" $variant="secondary" disabled={busy || dirty} onClick={() => void duplicate()}>
          Duplicate this product
        </Button>
        <span>{dirty ? 'Save or discard your changes first.' : ''}</span>
      </Actions>
      <Notice tone="error">{error === undefined ? null : `Not duplicated: ${error}`}</Notice>
    </>
  );
}
