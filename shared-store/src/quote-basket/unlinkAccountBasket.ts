import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { fetchOf, type StoreExtra } from '../firstView';
import type { RootState } from '../rootReducer';
import { disconnectAccountBasket } from './accountBasketCalls';
import { quoteBasketUnlinked } from './quoteBasketSlice';

/**
 * "Keep it on this device only": the server forgets this browser's token and clears its cookies, then the page stops
 * syncing (followAccountBasket hears quoteBasketUnlinked and clears the cookie here too). Resolves false when the
 * server could not be told: the basket then stays connected, and the buyer may try again.
 */
export const unlinkAccountBasket =
  (): ThunkAction<Promise<boolean>, RootState, StoreExtra, UnknownAction> => async (dispatch, _getState, extra) => {
    const outcome = await disconnectAccountBasket(fetchOf(extra));
    if (outcome.kind === 'failed') return false;
    dispatch(quoteBasketUnlinked());
    return true;
  };
