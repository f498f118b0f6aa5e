import { DISPLAY_FALLBACK_FAMILIES, DISPLAY_FONT_FAMILY, DISPLAY_FONT_STACK } from './fonts';
import { theme } from './theme';

it('the theme’s display and headline fonts: the face, its metric-adjusted fallbacks, then the system’s', () => {
  expect(DISPLAY_FONT_STACK).toBe(
    `'${DISPLAY_FONT_FAMILY}', '${DISPLAY_FALLBACK_FAMILIES.narrow}', '${DISPLAY_FALLBACK_FAMILIES.wide}', 'Arial Narrow', Arial, sans-serif`,
  );
  expect(theme.fonts.display).toBe(DISPLAY_FONT_STACK);
  // the screens written before the display face use the older name
  expect(theme.fonts.headline).toBe(DISPLAY_FONT_STACK);
});
