// What a second acceptance is told: the quotation was already accepted (when, with which PO number), and, when this
// submission carried a PO file, that the file is kept and may be sent to the branch. The offer is a plain HTML form
// too (posted to the page's own address until the scripts have started), then a call of the API.
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorText } from '@site/shared-ui';
import { QUOTATION_LINK_FORM, type PostedBuyerForm } from '@site/contracts/quotation-link-api';
import { useLocale } from '@site/shared-store';
import { Ltr } from '../i18n/Ltr';
import { useQuotationText } from './i18n/quotationText';
import { usePageAddress } from './AnswerForms';
import { formatDay } from './money';
import { sendPurchaseOrder } from './quotationLink';

export type AlreadyAcceptedDetails = Extract<PostedBuyerForm, { form: 'alreadyAccepted' }>['alreadyAccepted'];

const Box = styled.div`
  display: grid;
  gap: 12px;
  margin-top: 24px;
  padding: 12px 16px;
  border-inline-start: 4px solid ${({ theme }) => theme.colors.border};
  p { margin: 0; }
`;

const Said = styled.p`
  font-weight: 600;
`;

const Offer = styled.form`
  display: grid;
  gap: 12px;
  justify-items: start;
`;

export function AlreadyAcceptedNotice({
  token,
  branch,
  details,
}: {
  token: string;
  /** The branch's name, in the page's language. */
  branch: string;
  details: AlreadyAcceptedDetails;
}) {
  const text = useQuotationText();
  const locale = useLocale();
  const action = usePageAddress(token);
  const { heldFile } = details;
  const [sent, setSent] = useState(heldFile?.sentToBranch ?? false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const date = formatDay(details.acceptedOn, locale);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (heldFile === null || sending) return;
    setSending(true);
    void sendPurchaseOrder(token, heldFile.submission).then((answer) => {
      setSending(false);
      if (answer.type === 'sent') {
        setError(null);
        setSent(true);
      } else setError(answer.type === 'refused' ? answer.message : text('contact.quotation.error.failed'));
    });
  };

  return (
    <Box data-testid="quotation-already-accepted">
      <Said role="alert">
        {details.poNumber === null
          ? text('contact.quotation.alreadyAccepted.noPo', { date })
          : text('contact.quotation.alreadyAccepted.withPo', { date, poNumber: '\u0000' })
              .split('\u0000')
              .flatMap((part, index) => (index === 0 ? [part] : [<Ltr key={index}>{details.poNumber}</Ltr>, part]))}
      </Said>
      {heldFile !== null &&
        (sent ? (
          <Said role="status">{text('contact.quotation.alreadyAccepted.sent', { branch })}</Said>
        ) : (
          <Offer method="post" action={action} onSubmit={onSubmit}>
            <input type="hidden" name={QUOTATION_LINK_FORM.answer} value="purchaseOrder" />
            <input type="hidden" name={QUOTATION_LINK_FORM.submission} value={heldFile.submission} />
            <p>{text('contact.quotation.alreadyAccepted.fileKept', { file: heldFile.name, branch })}</p>
            {error !== null && <ErrorText role="alert">{error}</ErrorText>}
            <Button type="submit" disabled={sending} aria-busy={sending}>
              {sending
                ? text('contact.quotation.alreadyAccepted.sending')
                : text('contact.quotation.alreadyAccepted.send')}
            </Button>
          </Offer>
        ))}
    </Box>
  );
}
