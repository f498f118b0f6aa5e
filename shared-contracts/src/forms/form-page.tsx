import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { getRuntimeConfig, useDocumentTitle } from '@erd/shared-contracts';
import { Container, Headline, Section } from '@erd/shared-contracts/ui';
import { FormCard } from './form.js';

/**
 * The frame of every account and profile screen: a narrow card with the screen's headline and an
 * optional intro; the tab title is '{title} – {product name}'.
 */
export function FormPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  useDocumentTitle(`${title} – ${productName()}`);
  return (
    <Section>
      <Container>
        <FormCard>
          <Headline as="h1" level="lg">
            {title}
          </Headline>
          {intro && (
            <p
              css={(theme: Theme) => css`
                margin: 0 0 ${theme.space(6)};
                color: ${theme.colors.textMuted};
              `}
            >
              {intro}
            </p>
          )}
          {children}
        </FormCard>
      </Container>
    </Section>
  );
}

/** The product name for the tab title; 'Punktejagd' before the configuration is loaded (tests of a single screen). */
function productName(): string {
  try {
    return getRuntimeConfig().productName;
  } catch {
    return 'Punktejagd';
  }
}
