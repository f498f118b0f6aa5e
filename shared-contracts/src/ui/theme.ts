import type {} from '@emotion/react';
import { DISPLAY_FONT_STACK } from './fonts.js';

/** The one theme of the site (host provides it; remotes read it through emotion). */
export const theme = {
  colors: {
    primary: '#f2b705',
    primaryDark: '#0b2a4a',
    secondary: '#1f8a4c',
    white: '#ffffff',
    textDark: '#14181f',
    textMuted: '#5b6472',
    error: '#b3261e',
    success: '#1f7a43',
    background: '#f5f3ee',
    surface: '#ffffff',
    border: '#d9d4c7',
    focus: '#2f80ed',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    /** The display face (fonts.ts): headlines (h1–h3), buttons and numbers (points, places, countdowns, votes). */
    display: DISPLAY_FONT_STACK,
    /** The same stack under its older name (the screens written before the display face use it). */
    headline: DISPLAY_FONT_STACK,
  },
  /** 1 unit = 4px (icon sizes are given in units, spec §2). */
  space: (units: number) => `${units * 4}px`,
  radius: '6px',
  maxWidth: '1200px',
  mq: {
    sm: '@media (min-width: 600px)',
    md: '@media (min-width: 900px)',
    lg: '@media (min-width: 1200px)',
  },
  zIndex: { header: 100, menu: 200, ageGate: 1000 },
} as const;

export type ErdTheme = typeof theme;

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends ErdTheme {}
}

export type ThemeColor = keyof ErdTheme['colors'];
