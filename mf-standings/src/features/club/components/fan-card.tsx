import { css, type Theme } from '@emotion/react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { TEAM_LABELS, type ClubDto } from '@erd/shared-contracts';
import { Headline } from '@erd/shared-contracts/ui';
import { useMyFans } from '../api/club-fans';

type FormProps = { clubId: string; clubLabel: string };
type FormComponent = ComponentType<FormProps>;

/** The form (with the forms kit) is a chunk of its own, fetched once (again after a failure). */
let loadedForm: FormComponent | null = null;
let pendingForm: Promise<FormComponent> | null = null;
export function loadFanForm(): Promise<FormComponent> {
  return (pendingForm ??= import(/* webpackChunkName: "club-fan-form" */ './fan-signup-form').then(
    (m) => (loadedForm = m.default),
    (error: unknown) => {
      pendingForm = null;
      throw error;
    },
  ));
}

/** Events that show the visitor is doing something with the page: the form is fetched then at the latest. */
const ACTIVITY = ['scroll', 'keydown', 'pointerdown', 'touchstart', 'wheel'] as const;

/**
 * Where the form goes: fetched once its place comes within 200 px of the viewport or the visitor
 * scrolls, types or points (at once without IntersectionObserver), like the footer's newsletter
 * form. Until then its place is kept, so nothing below it moves.
 */
function FanFormSlot(props: FormProps) {
  const [Form, setForm] = useState<FormComponent | null>(() => loadedForm);
  const placeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (Form) return undefined;
    let active = true;
    let observer: IntersectionObserver | null = null;
    const stop = () => {
      observer?.disconnect();
      ACTIVITY.forEach((type) => window.removeEventListener(type, load));
    };
    function load() {
      stop();
      loadFanForm().then(
        (loaded) => {
          if (active) setForm(() => loaded);
        },
        () => {
          // not loaded (offline, a release in between): the place stays empty
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
  }, [Form]);

  if (Form) return <Form {...props} />;
  return (
    <div
      ref={placeRef}
      css={css`
        min-height: 300px;
      `}
    />
  );
}

export function fansCountText(n: number): string {
  return n === 1 ? '1 bestätigter Fan folgt eurem Verein' : `${n.toLocaleString('de-DE')} bestätigte Fans folgen eurem Verein`;
}

/** The own club's number of confirmed fans (never who); nothing while loading or when it fails. */
function FanCount({ clubId }: { clubId: string }) {
  const fans = useMyFans(clubId);
  if (fans.status !== 'success') return null;
  return (
    <p
      role="status"
      css={(theme: Theme) => css`
        margin: 0 0 ${theme.space(4)};
        padding: ${theme.space(3)} ${theme.space(4)};
        border-radius: ${theme.radius};
        background: ${theme.colors.surface};
        font-weight: 700;
      `}
    >
      {fansCountText(fans.data.confirmed)}
    </p>
  );
}

/**
 * 'Mein Verein' on /club/{clubId} (issue 25): anyone can follow the club by e-mail (double opt-in)
 * and is told when it needs votes. The club's own signed-in account also sees how many confirmed
 * fans it has.
 */
export function FanCard({ club, own }: { club: ClubDto; own: boolean }) {
  const { clubname, team } = club.fields;
  const clubLabel = `${clubname} (${TEAM_LABELS[team] ?? team})`;
  return (
    <section
      aria-labelledby="club-fans-title"
      css={(theme: Theme) => css`
        padding: ${theme.space(6)} ${theme.space(4)};
        border-radius: ${theme.radius};
        background: ${theme.colors.white};
        box-shadow: 0 2px 10px rgba(11, 42, 74, 0.12);
        max-width: 720px;
        ${theme.mq.sm} {
          padding: ${theme.space(8)};
        }
      `}
    >
      <Headline as="h2" level="md" id="club-fans-title">
        Mein Verein
      </Headline>
      {own && <FanCount clubId={club.sys.id} />}
      <p
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(5)};
          overflow-wrap: anywhere;
        `}
      >
        Verpasse keine Abstimmung: Wir sagen dir Bescheid, wenn <bdi>{clubname}</bdi> deine Stimme braucht.
      </p>
      <FanFormSlot clubId={club.sys.id} clubLabel={clubLabel} />
    </section>
  );
}
