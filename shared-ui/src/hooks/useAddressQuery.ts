// The address's query as a page's view keeps it (a listing's order and page, the staff inbox's filters). The shared
// router facade has no useSearchParams (every page would pay for it: tools/webpack/shared/react-router-dom.mjs), and
// these lines do the same here.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The current query ('?kind=quote', '' for none) and a function that goes to the same page with another one. */
export function useAddressQuery(): [string, (search: string, options?: { replace?: boolean }) => void] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const setSearch = useCallback(
    (next: string, options: { replace?: boolean } = {}) =>
      navigate({ pathname, search: next }, { replace: options.replace ?? false }),
    [navigate, pathname],
  );
  return [search, setSearch];
}
