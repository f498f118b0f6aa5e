import { css, type Theme } from '@emotion/react';
import { forwardRef, useId, type ReactNode } from 'react';
import { FormGroupTitle } from '@erd/shared-contracts/forms';

const sectionStyle = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space(4)};
  margin: 0 0 ${theme.space(8)};
  padding-bottom: ${theme.space(8)};
  border-bottom: 1px solid ${theme.colors.border};
  scroll-margin-top: ${theme.space(24)};
  & > p {
    margin: 0;
  }
`;

/**
 * One part of the profile page above the data form: a titled region, set off by a rule below it;
 * its texts sit in the grid's gaps, without paragraph margins.
 * `className` (emotion's `css` prop) adds the section's own rules.
 */
export const ProfileSection = forwardRef<HTMLElement, { title: string; id?: string; className?: string; children: ReactNode }>(
  function ProfileSection({ title, id, className, children }, ref) {
    const titleId = useId();
    return (
      <section id={id} ref={ref} aria-labelledby={titleId} css={sectionStyle} className={className}>
        <FormGroupTitle id={titleId}>{title}</FormGroupTitle>
        {children}
      </section>
    );
  },
);
