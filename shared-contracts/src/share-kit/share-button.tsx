import { css, type Theme } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import { withVia } from '@erd/shared-contracts';
import { Button, Icon, TextInput } from '@erd/shared-contracts/ui';

const CONFIRMATION_MS = 5000;

export interface ShareButtonProps {
  /** What the share sheet names (an entry: its challenge's headline; the club page: the club). */
  title: string;
  /** A line of text to share with it (a text entry's slogan); none for a picture or a page. */
  text?: string;
  /** The address to share, without `via`. */
  url: string;
  /** The label of the address shown to copy by hand ('Link zum Beitrag'). */
  linkLabel: string;
}

/**
 * 'Teilen' (spec §2, issue 23): the device's share function with `title`, `text` and `url` marked
 * `via=share`. Without one, or when it fails (other than by the visitor's cancelling), the address
 * is copied instead, marked `via=copy` ('Link kopiert'); if even that is impossible, it is shown
 * to copy by hand under `linkLabel`. Meant for a wrapping flex row: the confirmation and the
 * address take a line of their own below the buttons.
 */
export function ShareButton({ title, text, url, linkLabel }: ShareButtonProps) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');
  const manualId = useId();

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyUrl = withVia(url, 'copy');

  const share = async () => {
    const shared = withVia(url, 'share');
    const data: ShareData = text ? { title, text, url: shared } : { title, url: shared };
    if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Cancelled by the visitor: nothing to say. Refused (no permission, no share target): copied instead.
        if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(copyUrl);
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
            {linkLabel}
          </label>
          <TextInput id={manualId} readOnly value={copyUrl} onFocus={(event) => event.currentTarget.select()} />
        </div>
      )}
    </>
  );
}
