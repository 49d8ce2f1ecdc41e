import { useLocation, useNavigate } from 'react-router-dom';
import { type CardScope, cardsListPath } from './routeParams.ts';

/** Navigation state the cards list passes to the screens it opens. */
export const FROM_CARDS_LIST = { fromCardsList: true } as const;

/**
 * Back to the contact's cards list: one step back when the list opened this screen (so history does not
 * hold the list twice), otherwise replacing this screen with the list.
 */
export function useBackToCardsList(scope: CardScope | null): () => void {
  const navigate = useNavigate();
  const { state } = useLocation();
  const fromList = (state as { fromCardsList?: unknown } | null)?.fromCardsList === true;
  return () => {
    if (fromList) navigate(-1);
    else if (scope) navigate(cardsListPath(scope), { replace: true });
  };
}
