import { css, type Theme } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { lazyPart } from '../../../components/lazy-part';

/** The newsletter form: no part of the page's first load (it sits at the page's end). */
const newsletterForm = lazyPart(() => import(/* webpackChunkName: "newsletter-form" */ './newsletter-form').then((m) => m.NewsletterForm));

/** Events that show the visitor is doing something with the page: the form is fetched then at the latest (a keyboard user tabs towards it). */
const ACTIVITY = ['scroll', 'keydown', 'pointerdown', 'touchstart', 'wheel'] as const;

/**
 * Where the footer's newsletter form goes: the form is fetched once its place comes within 200 px of
 * the viewport or the visitor scrolls, types or points, whichever is first (at once without
 * IntersectionObserver). Until then its place is kept, so nothing below it moves.
 */
export function NewsletterSlot() {
  const [loaded, setLoaded] = useState(() => {
    const Form = newsletterForm.loaded();
    return Form ? { Form } : null;
  });
  const placeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (loaded) return undefined;
    let active = true;
    let observer: IntersectionObserver | null = null;
    const stop = () => {
      observer?.disconnect();
      ACTIVITY.forEach((type) => window.removeEventListener(type, load));
    };
    function load() {
      stop();
      newsletterForm.load().then(
        (Form) => {
          if (active) setLoaded({ Form });
        },
        () => {
          // not loaded (offline): the place stays empty
        },
      );
    }
    if (typeof IntersectionObserver === 'undefined' || !placeRef.current) {
      load();
      return () => {
        active = false;
      };
    }
    observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), { rootMargin: '200px 0px' });
    observer.observe(placeRef.current);
    ACTIVITY.forEach((type) => window.addEventListener(type, load, { passive: true }));
    return () => {
      active = false;
      stop();
    };
  }, [loaded]);

  if (loaded) return <loaded.Form />;
  return (
    <div
      ref={placeRef}
      css={(theme: Theme) => css`
        min-height: 310px;
        ${theme.mq.sm} {
          min-height: 216px;
        }
      `}
    />
  );
}
