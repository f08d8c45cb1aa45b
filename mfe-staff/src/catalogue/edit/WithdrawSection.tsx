import { useState } from 'react';
import { Button } from '@site/shared-ui';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditorProduct } from '@site/contracts/staff-catalogue-api';
import { formatDateTime } from '../../ui/format';
import { ConfirmStep } from '../../ui/ConfirmStep';
import { Notice } from '../../ui/Notice';
import { Actions } from '../../ui/StaffField';
import { refusalOf, useCatalogueCall } from '../catalogueCalls';

export interface WithdrawSectionProps {
  product: EditorProduct;
  /** Unsaved edits: a withdrawal would move the version under them, so they are saved or dropped first. */
  dirty: boolean;
  /** The product as the server answered the change. */
  onChanged: (product: EditorProduct) => void;
}

/**
 * Withdrawing a product (archive): it leaves listings, search, the sitemap and baskets, and its page answers "gone"
 * (410) with a link to its category; putting it back restores it as it was. Asked once more before withdrawing.
 */
export function WithdrawSection({ product, dirty, onChanged }: WithdrawSectionProps) {
  const call = useCatalogueCall();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const archived = product.archived ?? null;

  const change = async (address: string, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      onChanged(await call(staffApiPath(address, { id: product.id }), 'POST', { baseVersion: product.version }));
      setMessage({ tone: 'success', text: done });
    } catch (error) {
      setMessage({ tone: 'error', text: refusalOf(error).message });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <>
      {archived !== null ? (
        <>
          <p>
            Withdrawn from the catalogue by {archived.by ?? 'someone'} on {formatDateTime(archived.at)}: its page tells visitors it is no longer available.
          </p>
          <Actions>
            <Button type="button" disabled={busy} onClick={() => void change(STAFF_API.catalogueUnarchive, 'Put back: the catalogue shows this product again.')}>
              Put back in the catalogue
            </Button>
          </Actions>
        </>
      ) : asking ? (
        <ConfirmStep
          question="Withdraw this product? It leaves the listings, search and quote baskets, and its page tells visitors it is no longer available."
          confirmLabel="Withdraw"
          busy={busy}
          onConfirm={() => void change(STAFF_API.catalogueArchive, 'Withdrawn: the catalogue no longer shows this product.')}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <Actions>
          <Button type="button" $variant="secondary" disabled={busy || dirty} onClick={() => setAsking(true)}>
            Withdraw from the catalogue
          </Button>
          {dirty ? <span>Save the draft or load the latest version first.</span> : null}
        </Actions>
      )}
      {message !== null ? <Notice tone={message.tone}>{message.text}</Notice> : null}
    </>
  );
}
