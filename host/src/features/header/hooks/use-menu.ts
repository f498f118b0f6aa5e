import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from '@erd/shared-contracts';
import type { LazyPart } from '../../../components/lazy-part';

/** Class on <body> while the menu is open: locks page scrolling, keeps the width (see SiteMenu). */
export const MENU_OPEN_BODY_CLASS = 'erd-menu-open';

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * State and focus handling of the slide-out menu (spec §4 menu: open/closed): focus moves into
 * the menu on open and back to the menu button on close; Escape closes; Tab cycles between the
 * button and the menu; a navigation closes it.
 * The menu's panel is no part of the page's first load (`part`, fetched on the first open, or
 * earlier with `preload` when the visitor heads for the button): the menu opens once it is there,
 * and from then on at once.
 */
export function useMenu<Panel>(part: LazyPart<Panel>) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<{ Panel: Panel } | null>(() => {
    const Panel = part.loaded();
    return Panel ? { Panel } : null;
  });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  // The open asked for while the panel loads; a close or a navigation in between cancels it.
  const pendingOpen = useRef(0);

  const close = useCallback(() => {
    pendingOpen.current++;
    returnFocus.current = true;
    setOpen(false);
  }, []);
  const prepare = useCallback(
    () =>
      part.load().then((Panel) => {
        setLoaded((current) => current ?? { Panel });
      }),
    [part],
  );
  const preload = useCallback(() => {
    prepare().catch(() => {
      // not loaded (offline): the click tries again
    });
  }, [prepare]);
  const toggle = useCallback(() => {
    if (open) {
      close();
      return;
    }
    if (loaded) {
      setOpen(true);
      return;
    }
    const request = ++pendingOpen.current;
    prepare().then(
      () => {
        if (pendingOpen.current === request) setOpen(true);
      },
      () => {
        // not loaded (offline): the next click tries again
      },
    );
  }, [open, close, loaded, prepare]);

  useEffect(() => {
    if (!open) {
      if (returnFocus.current) buttonRef.current?.focus();
      returnFocus.current = false;
      return undefined;
    }
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>(focusableSelector)?.focus();

    const { body, documentElement } = document;
    body.style.setProperty('--erd-scrollbar-width', `${Math.max(0, window.innerWidth - documentElement.clientWidth)}px`);
    body.classList.add(MENU_OPEN_BODY_CLASS);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab' || !panel || !buttonRef.current) return;
      const items = [...panel.querySelectorAll<HTMLElement>(focusableSelector)];
      const last = items[items.length - 1];
      if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        buttonRef.current.focus();
      } else if (event.shiftKey && document.activeElement === buttonRef.current && last) {
        event.preventDefault();
        last.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      body.classList.remove(MENU_OPEN_BODY_CLASS);
      body.style.removeProperty('--erd-scrollbar-width');
    };
  }, [open, close]);

  // Back/forward or any other navigation closes the menu (and cancels an open still loading).
  const { pathname } = useLocation();
  useEffect(() => {
    pendingOpen.current++;
    setOpen(false);
  }, [pathname]);

  return { open, toggle, close, preload, Panel: loaded?.Panel ?? null, buttonRef, panelRef };
}
