import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { Container, Headline, Section } from '@erd/shared-contracts/ui';
import { FormCard } from '@erd/shared-contracts/forms';
import { useDocumentTitle } from '../lib/use-document-title';

/** The frame of every account screen: a narrow card with the screen's headline and intro. */
export function AuthPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
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
