import { useEffect, useState } from 'react';
import { isSeasonOver, loadSpaceData } from '@erd/shared-contracts';

/**
 * True once every challenge of the season has ended: the frame's call to action (header, footer)
 * then leads to the final standings. Read from the space data every page already loads (the server
 * preloads it); false until it is there, and quietly false when it could not be loaded (the page's
 * own screen reports that). Re-renders only when the season is over.
 */
export function useSeasonOver(): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let active = true;
    loadSpaceData().then(
      (data) => {
        if (active && isSeasonOver(data.year.fields.challenges)) setOver(true);
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);
  return over;
}
