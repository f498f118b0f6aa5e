import { DISPLAY_FONT_STACK, theme } from '@erd/shared-contracts/ui';
import { DISPLAY_FONT, displayFontFaceCss } from './display-font';

describe('the display face', () => {
  const css = displayFontFaceCss('/assets/fonts/face.0123abcd.woff2');

  it('one woff2 file of the latin subset, for the weights the site uses, never swapped in late (no shifted text)', () => {
    const face = css.slice(0, css.indexOf('}') + 1);
    expect(face).toContain(`font-family:'${DISPLAY_FONT.family}'`);
    expect(face).toContain('font-weight:700 900');
    expect(face).toContain('font-display:optional');
    expect(face).toContain(`src:url("/assets/fonts/face.0123abcd.woff2") format('woff2')`);
    expect(face).toContain('unicode-range:U+0000-00FF,');
    expect(DISPLAY_FONT.file).toMatch(/-latin-800-normal\.woff2$/);
    expect(css.match(/url\(/g)).toHaveLength(1);
  });

  it('local fallbacks with the face’s metrics, named in the stack right after it', () => {
    const fallbacks = css.split('@font-face').slice(2);
    expect(fallbacks).toHaveLength(2);
    for (const rule of fallbacks) {
      expect(rule).toMatch(/src:local\('[^']+'\)/);
      expect(rule).toMatch(/size-adjust:\d+(\.\d+)?%;ascent-override:\d+(\.\d+)?%;descent-override:\d+(\.\d+)?%;line-gap-override:0%/);
      const family = /font-family:'([^']+)'/.exec(rule)![1]!;
      expect(DISPLAY_FONT_STACK).toContain(`'${family}'`);
    }
    expect(DISPLAY_FONT_STACK.startsWith(`'${DISPLAY_FONT.family}', `)).toBe(true);
    expect(DISPLAY_FONT_STACK.endsWith('sans-serif')).toBe(true);
  });

  it('is the theme’s display font, and its headline font (the screens written before use that name)', () => {
    expect(theme.fonts.display).toBe(DISPLAY_FONT_STACK);
    expect(theme.fonts.headline).toBe(DISPLAY_FONT_STACK);
  });
});
