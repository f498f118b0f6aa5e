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
