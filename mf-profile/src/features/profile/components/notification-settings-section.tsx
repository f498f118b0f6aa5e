import { css, type Theme } from '@emotion/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ACCOUNT_NOTIFICATION_KINDS, isApiError, NOTIFICATION_KIND_TEXTS, type AccountNotificationKind } from '@erd/shared-contracts';
import type { NotificationSettingsDto } from '@erd/shared-contracts/schemas';
import { Spinner } from '@erd/shared-contracts/ui';
import { FormMessage } from '@erd/shared-contracts/forms';
import { getNotificationSettings, putNotificationSettings } from '../api/notification-settings';
import { ProfileSection } from './profile-section';
import { LoadFailure, SessionEnded } from './load-failure';

/** The section's anchor: the mails' footer links to `/profil#benachrichtigungen`. */
export const NOTIFICATIONS_ANCHOR = 'benachrichtigungen';

export const notificationTexts = {
  title: 'Benachrichtigungen',
  intro: 'Wir schreiben dir per E-Mail, wenn es für euren Verein etwas Neues gibt. Schalte aus, was du nicht brauchst.',
  always: 'Codes zur Anmeldung und Sicherheitsmails bekommst du immer.',
  loading: 'Deine Benachrichtigungen werden geladen …',
  loadFailed: 'Deine Benachrichtigungen konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  saving: 'Wird gespeichert …',
  saved: 'Gespeichert.',
  saveFailed: 'Das hat nicht geklappt – deine Einstellung ist unverändert. Bitte versuche es gleich noch einmal.',
  sessionEnded: 'Deine Sitzung ist abgelaufen. Bitte logge dich erneut ein, um deine Benachrichtigungen zu ändern.',
  on: 'An',
  off: 'Aus',
} as const;

/** The section's texts sit in its grid's gaps, without paragraph margins. */
const plainParagraphs = css`
  p {
    margin: 0;
  }
`;

type Load = { status: 'loading' } | { status: 'ready' } | { status: 'error'; unauthorized: boolean };
type Save = 'idle' | 'saving' | 'saved' | 'failed' | 'unauthorized';

/**
 * 'Benachrichtigungen' on the profile (issue 25): one switch per kind of mail (labels and
 * descriptions of `NOTIFICATION_KIND_TEXTS`), all on by default, saved as soon as one is changed
 * (the whole set, PUT /api/me/notifications), with the state said in words. A failed save puts the
 * switch back to what is stored. Native check boxes with role switch: Tab and Space work as usual.
 */
export function NotificationSettingsSection() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<NotificationSettingsDto | null>(null);
  const [save, setSave] = useState<Save>('idle');
  // What the server holds, and the number of the latest save: only its answer counts.
  const stored = useRef<NotificationSettingsDto | null>(null);
  const latest = useRef(0);
  const shownRef = useRef<NotificationSettingsDto | null>(null);
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    let active = true;
    setLoad({ status: 'loading' });
    getNotificationSettings().then(
      (settings) => {
        if (!active) return;
        stored.current = settings;
        shownRef.current = settings;
        setShown(settings);
        setLoad({ status: 'ready' });
      },
      (error: unknown) => {
        if (active) setLoad({ status: 'error', unauthorized: isApiError(error) && error.status === 401 });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  // The mails link here: the section appears after the profile has loaded, later than the browser looks for the anchor.
  useEffect(() => {
    if (load.status === 'ready' && window.location.hash === `#${NOTIFICATIONS_ANCHOR}`)
      section.current?.scrollIntoView?.({ block: 'start' });
  }, [load.status]);

  const change = useCallback(async (kind: AccountNotificationKind, on: boolean) => {
    if (!stored.current) return;
    const base = shownRef.current ?? stored.current;
    const next = { ...base, [kind]: on };
    shownRef.current = next;
    setShown(next);
    setSave('saving');
    const number = ++latest.current;
    try {
      const answer = await putNotificationSettings(next);
      stored.current = answer;
      if (number !== latest.current) return;
      shownRef.current = answer;
      setShown(answer);
      setSave('saved');
    } catch (error) {
      if (number !== latest.current) return;
      shownRef.current = stored.current;
      setShown(stored.current);
      setSave(isApiError(error) && error.status === 401 ? 'unauthorized' : 'failed');
    }
  }, []);

  return (
    <ProfileSection id={NOTIFICATIONS_ANCHOR} ref={section} title={notificationTexts.title} css={plainParagraphs}>
      <p>{notificationTexts.intro}</p>
      {load.status === 'loading' && <Spinner label={notificationTexts.loading} />}
      {load.status === 'error' && (
        <LoadFailure unauthorized={load.unauthorized} texts={notificationTexts} onReload={() => setAttempt((n) => n + 1)} />
      )}
      {load.status === 'ready' && shown && (
        <>
          <ul
            css={(theme: Theme) => css`
              list-style: none;
              margin: 0;
              padding: 0;
              display: grid;
              gap: ${theme.space(3)};
            `}
          >
            {ACCOUNT_NOTIFICATION_KINDS.map((kind) => (
              <li key={kind}>
                <KindSwitch kind={kind} on={shown[kind]} onChange={(on) => void change(kind, on)} />
              </li>
            ))}
          </ul>
          <p
            css={(theme: Theme) => css`
              color: ${theme.colors.textMuted};
              font-size: 0.875rem;
            `}
          >
            {notificationTexts.always}
          </p>
          {/* One live region from the start: each new state of the last change is announced. */}
          <div aria-live="polite">
            <SaveState save={save} />
          </div>
        </>
      )}
    </ProfileSection>
  );
}

/** The answer of the last change (errors at once, by FormMessage's alert role). */
function SaveState({ save }: { save: Save }) {
  if (save === 'saving') return <p css={(theme: Theme) => ({ color: theme.colors.textMuted })}>{notificationTexts.saving}</p>;
  if (save === 'saved') return <FormMessage tone="success">{notificationTexts.saved}</FormMessage>;
  if (save === 'failed') return <FormMessage tone="error">{notificationTexts.saveFailed}</FormMessage>;
  if (save === 'unauthorized') return <SessionEnded text={notificationTexts.sessionEnded} />;
  return null;
}

function KindSwitch({ kind, on, onChange }: { kind: AccountNotificationKind; on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  const { label, description } = NOTIFICATION_KIND_TEXTS[kind];
  return (
    <div
      css={(theme: Theme) => css`
        display: grid;
        grid-template-columns: 1fr auto;
        align-items: start;
        gap: ${theme.space(1)} ${theme.space(4)};
        padding: ${theme.space(4)};
        border-radius: ${theme.radius};
        background: ${theme.colors.background};
      `}
    >
      <label
        htmlFor={id}
        css={css`
          font-weight: 700;
          cursor: pointer;
          overflow-wrap: anywhere;
        `}
      >
        {label}
      </label>
      <span
        css={(theme: Theme) => css`
          display: inline-flex;
          align-items: center;
          gap: ${theme.space(2)};
        `}
      >
        <span
          aria-hidden="true"
          css={(theme: Theme) => css`
            min-width: 2.2em;
            text-align: right;
            font-size: 0.875rem;
            font-weight: 700;
            color: ${on ? theme.colors.success : theme.colors.textMuted};
          `}
        >
          {on ? notificationTexts.on : notificationTexts.off}
        </span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={`${id}-description`}
          onChange={(event) => onChange(event.target.checked)}
          css={(theme: Theme) => css`
            appearance: none;
            position: relative;
            flex-shrink: 0;
            width: 48px;
            height: 28px;
            margin: 0;
            border-radius: 14px;
            border: 2px solid ${on ? theme.colors.primaryDark : theme.colors.textMuted};
            background: ${on ? theme.colors.primaryDark : theme.colors.surface};
            cursor: pointer;
            transition: background 0.15s ease;
            &::after {
              content: '';
              position: absolute;
              top: 2px;
              left: ${on ? '22px' : '2px'};
              width: 20px;
              height: 20px;
              border-radius: 50%;
              background: ${on ? theme.colors.primary : theme.colors.textMuted};
              transition: left 0.15s ease;
            }
            &:focus-visible {
              outline: 3px solid ${theme.colors.focus};
              outline-offset: 2px;
            }
            @media (prefers-reduced-motion: reduce) {
              transition: none;
              &::after {
                transition: none;
              }
            }
          `}
        />
      </span>
      <p
        id={`${id}-description`}
        css={(theme: Theme) => css`
          grid-column: 1 / -1;
          color: ${theme.colors.textMuted};
          font-size: 0.875rem;
        `}
      >
        {description}
      </p>
    </div>
  );
}
