import type { RefObject } from 'react';
import { Button, Icon } from '@erd/shared-contracts/ui';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** 'Nach oben': scrolls back to the top (smoothly unless the user asked for reduced motion) and moves focus there too. */
export function ScrollTopButton({ focusTarget }: { focusTarget?: RefObject<HTMLElement | null> }) {
  const onClick = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    focusTarget?.current?.focus({ preventScroll: true });
  };
  return (
    <Button variant="secondary" onClick={onClick}>
      <Icon name="arrow-up-outline" size="xs" color="white" />
      Nach oben
    </Button>
  );
}
