import { css, type Theme } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import { Button, Icon, TextInput } from '@erd/shared-contracts/ui';

const CONFIRMATION_MS = 5000;

/**
 * 'Teilen' (spec §2): the device's share function with the challenge headline, the slogan (text
 * entries) and the entry's address. Without one, the address is copied ('Link kopiert'); if even
 * that is impossible, it is shown to copy by hand. Meant for a wrapping flex row: the confirmation
 * and the address take a line of their own below the buttons.
 */
export function ShareButton({ title, text, url }: { title: string; text?: string; url: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');
  const manualId = useId();

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const share = async () => {
    const data: ShareData = text ? { title, text, url } : { title, url };
    if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
      try {
        await navigator.share(data);
      } catch {
        // Cancelled by the visitor, or refused: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('manual');
    }
  };

  return (
    <>
      <Button variant="ghost" onClick={() => void share()}>
        <Icon name="share-outline" size="xs" color="primary-dark" />
        Teilen
      </Button>
      <span
        role="status"
        css={(theme: Theme) => css`
          order: 1;
          flex-basis: 100%;
          padding: 0 ${theme.space(2)} ${theme.space(2)};
          font-weight: 700;
          color: ${theme.colors.success};
          &:empty {
            display: none;
          }
        `}
      >
        {copy === 'copied' ? 'Link kopiert' : ''}
      </span>
      {copy === 'manual' && (
        <div
          css={(theme: Theme) => css`
            order: 1;
            flex-basis: 100%;
            padding: 0 ${theme.space(2)} ${theme.space(2)};
          `}
        >
          <label
            htmlFor={manualId}
            css={css`
              display: block;
              font-weight: 700;
              margin-bottom: 4px;
            `}
          >
            Link zum Beitrag
          </label>
          <TextInput id={manualId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </div>
      )}
    </>
  );
}
