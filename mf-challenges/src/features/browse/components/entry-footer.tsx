import styled from '@emotion/styled';

export const EntryFooter = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.space(3),
  padding: `${theme.space(3)} ${theme.space(4)}`,
  borderTop: `1px solid ${theme.colors.border}`,
}));
