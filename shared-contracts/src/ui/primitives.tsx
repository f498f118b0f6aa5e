import { css, Global, keyframes, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import type { ComponentProps, ReactNode } from 'react';
import { Link, type LinkProps } from '@erd/shared-contracts';

/** Emotion primitives every screen composes: one place, one theme. */

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost';

const buttonStyles = (theme: Theme, variant: ButtonVariant, block: boolean) => css`
  display: ${block ? 'flex' : 'inline-flex'};
  width: ${block ? '100%' : 'auto'};
  align-items: center;
  justify-content: center;
  gap: ${theme.space(2)};
  min-height: 44px;
  padding: ${theme.space(2.5)} ${theme.space(5)};
  border: 2px solid transparent;
  border-radius: ${theme.radius};
  font-family: ${theme.fonts.headline};
  font-weight: 800;
  font-size: 1rem;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s, color 0.15s, border-color 0.15s;
  ${
    variant === 'primary' &&
    css`
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryDark};
    &:hover:not(:disabled) {
      background: #ffc928;
    }
  `
  }
  ${
    variant === 'secondary' &&
    css`
    background: ${theme.colors.primaryDark};
    color: ${theme.colors.white};
    &:hover:not(:disabled) {
      background: #133d69;
    }
  `
  }
  ${
    variant === 'outline' &&
    css`
    background: transparent;
    color: inherit;
    border-color: currentColor;
    &:hover:not(:disabled) {
      background: rgba(255, 255, 255, 0.12);
    }
  `
  }
  ${
    variant === 'ghost' &&
    css`
    background: transparent;
    color: inherit;
    padding-inline: ${theme.space(2)};
  `
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

interface ButtonStyleProps {
  variant?: ButtonVariant;
  block?: boolean;
}

const StyledButton = styled('button', { shouldForwardProp: (p) => p !== 'variant' && p !== 'block' })<ButtonStyleProps>(
  ({ theme, variant = 'primary', block = false }) => buttonStyles(theme, variant, block),
);

/** A button that does not submit forms unless told to (`type="submit"`). */
export function Button(props: ComponentProps<typeof StyledButton>) {
  return <StyledButton type="button" {...props} />;
}

export const ButtonLink = styled(Link, { shouldForwardProp: (p) => p !== 'variant' && p !== 'block' })<ButtonStyleProps & LinkProps>(
  ({ theme, variant = 'primary', block = false }) => buttonStyles(theme, variant, block),
);

export const ButtonAnchor = styled('a', { shouldForwardProp: (p) => p !== 'variant' && p !== 'block' })<ButtonStyleProps>(
  ({ theme, variant = 'primary', block = false }) => buttonStyles(theme, variant, block),
);

export const Container = styled.div(({ theme }) => ({
  width: '100%',
  maxWidth: theme.maxWidth,
  margin: '0 auto',
  padding: `0 ${theme.space(4)}`,
  [theme.mq.md]: { padding: `0 ${theme.space(8)}` },
}));

export const Section = styled.section<{ tone?: 'light' | 'dark' | 'plain' }>(({ theme, tone = 'plain' }) => ({
  padding: `${theme.space(10)} 0`,
  background: tone === 'dark' ? theme.colors.primaryDark : tone === 'light' ? theme.colors.surface : 'transparent',
  color: tone === 'dark' ? theme.colors.white : theme.colors.textDark,
  [theme.mq.md]: { padding: `${theme.space(16)} 0` },
}));

export const Headline = styled.h2<{ level?: 'xl' | 'lg' | 'md' }>(({ theme, level = 'lg' }) => ({
  fontFamily: theme.fonts.headline,
  fontWeight: 900,
  textTransform: 'uppercase',
  letterSpacing: '0.01em',
  lineHeight: 1.05,
  margin: `0 0 ${theme.space(4)}`,
  fontSize: level === 'xl' ? 'clamp(2.25rem, 9vw, 4.5rem)' : level === 'lg' ? 'clamp(1.75rem, 6vw, 3rem)' : '1.5rem',
  overflowWrap: 'anywhere',
}));

export const Subheadline = styled.p(({ theme }) => ({
  fontFamily: theme.fonts.headline,
  fontWeight: 700,
  fontSize: '1.25rem',
  margin: `0 0 ${theme.space(4)}`,
}));

export const Card = styled.article(({ theme }) => ({
  background: theme.colors.surface,
  color: theme.colors.textDark,
  borderRadius: theme.radius,
  boxShadow: '0 2px 10px rgba(11, 42, 74, 0.12)',
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
}));

export const Badge = styled.span(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '3rem',
  height: '3rem',
  padding: `0 ${theme.space(2)}`,
  borderRadius: '50%',
  background: theme.colors.primary,
  color: theme.colors.primaryDark,
  fontFamily: theme.fonts.headline,
  fontWeight: 900,
  fontSize: '1.25rem',
}));

export const VisuallyHidden = styled.span({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const TextInput = styled.input<{ invalid?: boolean }>(({ theme, invalid }) => ({
  width: '100%',
  minHeight: 44,
  padding: `${theme.space(2.5)} ${theme.space(3)}`,
  border: `2px solid ${invalid ? theme.colors.error : theme.colors.border}`,
  borderRadius: theme.radius,
  font: 'inherit',
  color: theme.colors.textDark,
  background: theme.colors.white,
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 1 },
}));

export const FieldError = styled.p(({ theme }) => ({
  color: theme.colors.error,
  fontSize: '0.875rem',
  margin: `${theme.space(1)} 0 0`,
}));

const spin = keyframes`to { transform: rotate(360deg); }`;

export function Spinner({ label = 'Wird geladen …' }: { label?: string }) {
  return (
    <div
      role="status"
      css={(theme: Theme) => css`
        display: flex;
        justify-content: center;
        padding: ${theme.space(10)} 0;
      `}
    >
      <span
        aria-hidden
        css={(theme: Theme) => css`
          width: 36px;
          height: 36px;
          border-radius: 50%;
          border: 4px solid ${theme.colors.border};
          border-top-color: ${theme.colors.primary};
          animation: ${spin} 0.8s linear infinite;
        `}
      />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}

/** 'Noch ist es still...' style empty state (standings, participations). */
export function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div
      css={(theme: Theme) => css`
        text-align: center;
        padding: ${theme.space(12)} ${theme.space(4)};
      `}
    >
      <Headline as="h2" level="md">
        {title}
      </Headline>
      <p>{text}</p>
      {children}
    </div>
  );
}

/** The page's base styles; every headline (h1–h3, also one a screen writes without `Headline`) in the display face (fonts.ts). */
export function GlobalStyles() {
  return (
    <Global
      styles={(theme: Theme) => css`
        *,
        *::before,
        *::after {
          box-sizing: border-box;
        }
        html {
          -webkit-text-size-adjust: 100%;
        }
        body {
          margin: 0;
          font-family: ${theme.fonts.body};
          font-size: 16px;
          line-height: 1.5;
          color: ${theme.colors.textDark};
          background: ${theme.colors.background};
        }
        h1,
        h2,
        h3 {
          font-family: ${theme.fonts.display};
        }
        img {
          max-width: 100%;
          height: auto;
        }
        a {
          color: inherit;
        }
        a:focus-visible,
        button:focus-visible,
        input:focus-visible,
        select:focus-visible,
        [tabindex]:focus-visible {
          outline: 3px solid ${theme.colors.focus};
          outline-offset: 2px;
        }
        @media (prefers-reduced-motion: reduce) {
          *,
          *::before,
          *::after {
            animation-duration: 0.01ms !important;
            animation-iteration-count: 1 !important;
            transition-duration: 0.01ms !important;
          }
        }
      `}
    />
  );
}
