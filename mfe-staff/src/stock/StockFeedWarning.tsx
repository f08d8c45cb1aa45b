import { PageContainer } from '@site/shared-ui';
import { useStockHealthQuery } from '../api/staffApi';
import { Notice } from '../ui/Notice';
import { feedLateText } from './StockFeedsPage';

/** The staff home's warning (admins) when no stock feed arrived for longer than STOCK_FEED_STALE_MINUTES. */
export function StockFeedWarning() {
  const { data } = useStockHealthQuery();
  const late = data === undefined ? null : feedLateText(data);
  return late === null ? null : (
    <PageContainer>
      <Notice tone="error">{late}</Notice>
    </PageContainer>
  );
}
