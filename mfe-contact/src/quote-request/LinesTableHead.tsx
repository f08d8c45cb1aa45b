import { useText } from '../i18n/useText';

/** The caption and column heads of a table of quote lines (the basket's, with its remove column, and the sent summary's). */
export function LinesTableHead({ withRemove }: { withRemove: boolean }) {
  const text = useText();
  return (
    <>
      <caption>{text('contact.quote.linesCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{text('contact.quote.column.product')}</th>
          <th scope="col">{text('contact.quote.column.code')}</th>
          <th scope="col">{text('contact.quote.column.quantity')}</th>
          {withRemove ? <th scope="col">{text('contact.quote.column.remove')}</th> : null}
        </tr>
      </thead>
    </>
  );
}
