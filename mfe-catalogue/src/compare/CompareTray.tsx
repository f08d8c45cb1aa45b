import { memo, useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '@site/shared-ui';
import { useAppDispatch, useAppSelector } from '@site/shared-store';
import { COMPARE_MAX, COMPARE_MIN, compareViewSearch } from '@site/contracts/compare-view';
import { COMPARE_PATH } from '@site/contracts/paths';
import { TextButton } from '../common/TextButton';
import { useText } from '../i18n/useText';
import { loadCompareIds, saveCompareIds } from './compareMemory';
import { preloadComparePage } from './preloadComparePage';
import { compareCleared, compareRestored, selectCompareIds, selectCompareRestored } from './compareSelectionSlice';

/** At the foot of the screen while the page scrolls, at the inline start (the chat's button is at the end). */
const Tray = styled.section`
  position: sticky;
  bottom: 16px;
  z-index: 20;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  width: fit-content;
  max-width: calc(100% - 96px);
  margin-top: 24px;
  padding: 10px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.typeScale.sm}; }
  @media print { display: none; }
`;

const Clear = styled(TextButton)`
  min-height: 44px;
`;

/**
 * The picks of the visit: "Compare (N)" to the compare page once two are picked, and "Clear". Reads the visit's picks
 * once the page is in the browser and keeps them as they change (compareMemory.ts). Nothing when none is picked.
 */
export const CompareTray = memo(function CompareTray() {
  const dispatch = useAppDispatch();
  const text = useText();
  const ids = useAppSelector(selectCompareIds);
  const restored = useAppSelector(selectCompareRestored);

  useEffect(() => {
    if (!restored) dispatch(compareRestored(loadCompareIds()));
  }, [dispatch, restored]);

  useEffect(() => {
    if (restored) saveCompareIds(ids);
  }, [restored, ids]);

  const offersLink = ids.length >= COMPARE_MIN;
  useEffect(() => {
    if (offersLink) preloadComparePage();
  }, [offersLink]);

  if (ids.length === 0) return null;
  return (
    <Tray aria-label={text('catalogue.compare.trayLabel')}>
      {offersLink ? (
        <ButtonLink as={Link} to={{ pathname: COMPARE_PATH, search: compareViewSearch(ids) }}>
          {text('catalogue.compare.tray', { count: ids.length })}
        </ButtonLink>
      ) : (
        <p>{text('catalogue.compare.trayHint', { count: ids.length })}</p>
      )}
      {ids.length >= COMPARE_MAX ? <p>{text('catalogue.compare.full', { max: COMPARE_MAX })}</p> : null}
      <Clear type="button" onClick={() => dispatch(compareCleared())}>
        {text('catalogue.compare.clear')}
      </Clear>
    </Tray>
  );
});
