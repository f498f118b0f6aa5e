import { css, type Theme } from '@emotion/react';
import { TEAM_LABELS, type ClubDto } from '@erd/shared-contracts';
import { ButtonAnchor, Container, Headline, Icon, VisuallyHidden } from '@erd/shared-contracts/ui';
import { ClubLogo } from '../../../components/club-logo';

/** Only web addresses become links (a stored `javascript:` URL never does). */
function safeWebUrl(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function ClubHeader({ club }: { club: ClubDto }) {
  const { clubname, clubnumber, team, logourl, linkurl } = club.fields;
  const website = safeWebUrl(linkurl);
  return (
    <header
      css={(theme: Theme) => css`
        background: ${theme.colors.primaryDark};
        color: ${theme.colors.white};
        padding: ${theme.space(10)} 0;
        ${theme.mq.md} {
          padding: ${theme.space(14)} 0;
        }
      `}
    >
      <Container
        css={(theme: Theme) => css`
          display: flex;
          flex-direction: column;
          align-items: flex-start;
          gap: ${theme.space(5)};
          ${theme.mq.sm} {
            flex-direction: row;
            align-items: center;
            gap: ${theme.space(8)};
          }
        `}
      >
        <ClubLogo logourl={logourl} clubname={clubname} size={112} />
        <div>
          <Headline as="h1" level="xl" css={css`margin-bottom: 0.75rem;`}>
            <bdi>{clubname}</bdi>
          </Headline>
          <p
            css={(theme: Theme) => css`
              display: flex;
              flex-wrap: wrap;
              align-items: center;
              gap: ${theme.space(2)} ${theme.space(4)};
              margin: 0 0 ${theme.space(5)};
              font-size: 1.125rem;
            `}
          >
            <span
              css={(theme: Theme) => css`
                padding: ${theme.space(1)} ${theme.space(3)};
                border-radius: 999px;
                background: ${theme.colors.primary};
                color: ${theme.colors.primaryDark};
                font-weight: 800;
              `}
            >
              {TEAM_LABELS[team] ?? team}
            </span>
            <span>Vereinsnummer {clubnumber}</span>
          </p>
          {website && (
            <ButtonAnchor href={website} target="_blank" rel="noopener noreferrer" variant="outline">
              Zur Vereinsseite
              <VisuallyHidden> (öffnet in neuem Tab)</VisuallyHidden>
              <Icon name="arrow-right" size="xs" color="white" />
            </ButtonAnchor>
          )}
        </div>
      </Container>
    </header>
  );
}
