import styled from '@emotion/styled';

export const EntryFooter = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: `${theme.space(1)} ${theme.space(3)}`,
  '& > :last-child': { marginLeft: 'auto' },
  padding: `${theme.space(3)} ${theme.space(4)}`,
  borderTop: `1px solid ${theme.colors.border}`,
}));
