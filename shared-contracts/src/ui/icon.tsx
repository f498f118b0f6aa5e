import { useTheme } from '@emotion/react';
import type { SVGProps } from 'react';

/** Spec §2 reusable icon element: sizes in units (xs 4, sm 6, md 10, lg 12, xl 16), named icons, theme colours. */
export const iconSizes = { xs: 4, sm: 6, md: 10, lg: 12, xl: 16 } as const;
export type IconSize = keyof typeof iconSizes;
export type IconColor = 'primary' | 'secondary' | 'white' | 'text-dark' | 'error' | 'primary-dark';

const colorKey = {
  primary: 'primary',
  secondary: 'secondary',
  white: 'white',
  'text-dark': 'textDark',
  error: 'error',
  'primary-dark': 'primaryDark',
} as const;

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const paths = {
  'arrow-right': <path d="M5 12h14M13 6l6 6-6 6" {...stroke} />,
  quote: <path d="M7 7h4v4c0 3-1.5 5-4 6M14 7h4v4c0 3-1.5 5-4 6" {...stroke} />,
  'exclamation-mark': <path d="M12 4v10M12 19v.5" {...stroke} strokeWidth={3} />,
  'thumbs-up': <path d="M7 11v9H4v-9h3zm0 0 4-7c1.5 0 2.5 1 2.2 2.6L12.6 10H19a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.8 20H7" {...stroke} />,
  facebook: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v8h4v-8h3l1-4h-4V8z" fill="currentColor" />,
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="M10 9l5 3-5 3z" fill="#fff" />
    </>
  ),
  tiktok: (
    <path d="M14 3v11.5a3.5 3.5 0 1 1-3-3.46V8.1A6.5 6.5 0 1 0 17 14.5V9.2a7 7 0 0 0 4 1.3V7a4 4 0 0 1-4-4h-3z" fill="currentColor" />
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" {...stroke} />
      <circle cx="12" cy="12" r="4" {...stroke} />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
    </>
  ),
  'arrow-outline': <path d="M9 5l7 7-7 7" {...stroke} />,
  'arrow-up-outline': <path d="M12 19V5M5 12l7-7 7 7" {...stroke} />,
  'user-outline': (
    <>
      <circle cx="12" cy="8" r="4" {...stroke} />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" {...stroke} />
    </>
  ),
  'lock-outline': (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" {...stroke} />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" {...stroke} />
    </>
  ),
  'pencil-outline': <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" {...stroke} />,
  'share-outline': (
    <>
      <circle cx="6" cy="12" r="2.5" {...stroke} />
      <circle cx="18" cy="6" r="2.5" {...stroke} />
      <circle cx="18" cy="18" r="2.5" {...stroke} />
      <path d="M8.2 10.8l7.6-3.6M8.2 13.2l7.6 3.6" {...stroke} />
    </>
  ),
  'check-outline': <path d="M5 12.5l4.5 4.5L19 7" {...stroke} />,
  'menu-outline': <path d="M4 7h16M4 12h16M4 17h16" {...stroke} />,
  'menu-close-outline': <path d="M6 6l12 12M18 6L6 18" {...stroke} />,
  search: (
    <>
      <circle cx="11" cy="11" r="6" {...stroke} />
      <path d="M20 20l-4.5-4.5" {...stroke} />
    </>
  ),
  shield: <path d="M12 2l8 3v6c0 5.2-3.4 9.6-8 11-4.6-1.4-8-5.8-8-11V5l8-3z" fill="currentColor" />,
} as const;

export type IconName = keyof typeof paths;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'color' | 'name'> {
  name: IconName;
  size?: IconSize;
  color?: IconColor;
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
}

export function Icon({ name, size = 'md', color = 'primary', title, ...rest }: IconProps) {
  const theme = useTheme();
  const px = iconSizes[size] * 4;
  return (
    <svg
      viewBox="0 0 24 24"
      width={px}
      height={px}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
      style={{ color: theme.colors[colorKey[color]], flexShrink: 0 }}
      {...rest}
    >
      {paths[name]}
    </svg>
  );
}
