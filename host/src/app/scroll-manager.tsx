import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@erd/shared-contracts';

/**
 * Spec §2: scroll position is restored and anchor scrolling is enabled. New navigations go to
 * the top (or to the #anchor); back/forward restores the position the page had.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const key = location.key;
    if (navigationType === 'POP' && positions.current.has(key)) {
      window.scrollTo(0, positions.current.get(key) ?? 0);
    } else if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    } else if (navigationType !== 'POP') {
      window.scrollTo(0, 0);
    }
    const remember = () => positions.current.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key, location.hash, navigationType]);

  return null;
}
