import { useState } from 'react';
import { Button } from '@site/shared-ui';
import { STAFF_API } from '@site/contracts/staff-api';
import type { EditorProduct } from '@site/contracts/staff-catalogue-api';
import { formatDateTime } from '../../ui/format';
import { Notice } from '../../ui/Notice';
import { ConfirmAction } from '../../ui/ConfirmAction';
import { Actions } from '../../ui/StaffField';
import { useChangeProductStateMutation, type ProductStateAddress } from '../catalogueApi';
import { refusalOf } from '../catalogueCalls';

export interface WithdrawSectionProps {
  product: EditorProduct;
  /** Unsaved edits: a withdrawal would move the version under them, so they are saved or dropped first. */
  dirty: boolean;
  /** The product as the server answered the change; the change is said done once this settles. */
  onChanged: (product: EditorProduct) => Promise<void>;
}

/**
 * Withdrawing a product (archive): it leaves listings, search, the sitemap and baskets, and its page answers "gone"
 * (410) with a link to its category; putting it back restores it as it was. Asked once more before withdrawing.
 */
export function WithdrawSection({ product, dirty, onChanged }: WithdrawSectionProps) {
  const [changeProductState] = useChangeProductStateMutation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const archived = product.archived ?? null;

  const change = async (address: ProductStateAddress, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await onChanged(await changeProductState({ address, id: product.id, baseVersion: product.version }).unwrap());
      setMessage({ tone: 'success', text: done });
    } catch (error) {
      setMessage({ tone: 'error', text: refusalOf(error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {archived !== null ? (
        <>
          <p>
            Withdrawn from the catalogue by {archived.by ?? 'someone'} on {formatDateTime(archived.at)}: its page tells
            visitors it is no longer available.
          </p>
          <Actions>
            <Button
              type="button"
              disabled={busy}
              onClick={() =>
                void change(STAFF_API.catalogueUnarchive, 'Put back: the catalogue shows this product again.')
              }
            >
              Put back in the catalogue
            </Button>
          </Actions>
        </>
      ) : (
        <ConfirmAction
          label="Withdraw from the catalogue"
          question="Withdraw this product? It leaves the listings, search and quote baskets, and its page tells visitors it is no longer available."
          confirmLabel="Withdraw"
          onConfirm={() => change(STAFF_API.catalogueArchive, 'Withdrawn: the catalogue no longer shows this product.')}
          busy={busy}
          disabled={dirty}
          note={dirty ? <span>Save the draft or load the latest version first.</span> : null}
        />
      )}
      {message !== null ? <Notice tone={message.tone}>{message.text}</Notice> : null}
    </>
  );
}
