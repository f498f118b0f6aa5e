import { css, type Theme } from '@emotion/react';
import { getRuntimeConfig, type RuntimeConfigDto } from '@erd/shared-contracts';
import { Icon } from '@erd/shared-contracts/ui';

const networks: { key: keyof RuntimeConfigDto['social']; label: string }[] = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'youtube', label: 'YouTube' },
  { key: 'tiktok', label: 'TikTok' },
  { key: 'instagram', label: 'Instagram' },
];

/** The social media links of the configuration (spec §1); networks without a URL are left out. */
export function SocialLinks() {
  const { social, productName } = getRuntimeConfig();
  const links = networks.filter(({ key }) => social[key]);
  if (links.length === 0) return null;
  return (
    <ul
      css={(theme: Theme) => css`
        display: flex;
        flex-wrap: wrap;
        gap: ${theme.space(2)};
        list-style: none;
        margin: 0;
        padding: 0;
      `}
    >
      {links.map(({ key, label }) => (
        <li key={key}>
          <a
            href={social[key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${productName} auf ${label}`}
            css={(theme: Theme) => css`
              display: inline-flex;
              align-items: center;
              justify-content: center;
              width: 48px;
              height: 48px;
              border-radius: 50%;
              background: rgba(255, 255, 255, 0.1);
              transition: background-color 0.15s;
              &:hover {
                background: rgba(255, 255, 255, 0.22);
              }
              &:focus-visible {
                outline: 3px solid ${theme.colors.focus};
                outline-offset: 2px;
              }
            `}
          >
            <Icon name={key} size="sm" color="primary" />
          </a>
        </li>
      ))}
    </ul>
  );
}
