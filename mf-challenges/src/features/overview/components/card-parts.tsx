import type { Theme } from '@emotion/react';
import styled from '@emotion/styled';

/** Layout pieces the challenge cards share. */
export const CardBody = styled.div(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  padding: theme.space(5),
  [theme.mq.md]: { padding: theme.space(7) },
}));

export const CardTitle = styled.h3(({ theme }) => ({
  fontFamily: theme.fonts.headline,
  fontWeight: 900,
  textTransform: 'uppercase',
  fontSize: 'clamp(1.375rem, 5vw, 1.75rem)',
  lineHeight: 1.1,
  margin: `0 0 ${theme.space(2)}`,
  overflowWrap: 'anywhere',
}));

export const TeaserTitle = styled.p(({ theme }) => ({
  fontWeight: 700,
  fontSize: '1.0625rem',
  margin: `0 0 ${theme.space(2)}`,
}));

export const BodyText = styled.p(({ theme }) => ({
  margin: `0 0 ${theme.space(4)}`,
  color: theme.colors.textDark,
}));

export const ButtonRow = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.space(3),
  marginTop: 'auto',
  paddingTop: theme.space(2),
  '& > *': { flex: '1 1 10rem' },
  [theme.mq.sm]: { '& > *': { flex: '0 0 auto' } },
}));

const questionBox = ({ theme }: { theme: Theme }) => ({
  display: 'flex',
  gap: theme.space(3),
  alignItems: 'flex-start',
  margin: `0 0 ${theme.space(4)}`,
  padding: theme.space(4),
  borderRadius: theme.radius,
  background: theme.colors.primaryDark,
  color: theme.colors.white,
  fontFamily: theme.fonts.headline,
  fontWeight: 800,
  fontSize: '1.25rem',
  lineHeight: 1.25,
});

/** The challenge question in a dark box with a quote mark. */
export const QuestionBox = styled.div(questionBox);

/** The same box as the label of the estimate field (the question is what the number answers). */
export const QuestionLabel = styled.label(questionBox);
