/**
 * Link-preview crawlers: the fetchers of messengers and social networks that read a shared link's
 * page (its `og:` and `twitter:` tags) to show a preview, and never run JavaScript. Told apart by
 * their user agents; each pattern names a product's own token, so a person's browser (also the
 * in-app browsers of Facebook, Instagram or WhatsApp, whose user agents carry `FBAN`, `Instagram`
 * or nothing of the kind) is never one. Search engines' crawlers (Googlebot, bingbot) are no
 * preview fetchers and are not counted as such.
 *
 * - WhatsApp: `WhatsApp/2.23.20.0 A`. Signal's apps fetch previews themselves and send
 *   `WhatsApp/2` (so that sites answer them the tags they give WhatsApp): counted under the same pattern.
 * - Facebook, Messenger, Instagram: `facebookexternalhit/1.1 …`, `Facebot`.
 * - iMessage: a Safari user agent ending `facebookexternalhit/1.1 Facebot Twitterbot/1.0`; Apple's
 *   own crawler for Siri and Spotlight previews: `Applebot/0.1`.
 * - Telegram `TelegramBot (like TwitterBot)`, X `Twitterbot/1.0`, LinkedIn `LinkedInBot/1.0`,
 *   Slack `Slackbot-LinkExpanding 1.0` (and `Slackbot 1.0`), Discord `Discordbot/2.0`, Skype
 *   `SkypeUriPreview`, Pinterest `Pinterestbot/1.0` and `Pinterest/0.2`.
 */
const PATTERNS: readonly RegExp[] = [
  /^WhatsApp\//i,
  /facebookexternalhit\//i,
  /\bFacebot\b/i,
  /\bApplebot\//i,
  /\bTelegramBot\b/i,
  /\bTwitterbot\//i,
  /\bLinkedInBot\//i,
  /\bSlackbot(?:-LinkExpanding)?\b/i,
  /\bDiscordbot\//i,
  /\bSkypeUriPreview\b/i,
  /\bPinterest(?:bot)?\/\d/i,
];

/** A user agent longer than this is no crawler's (they are short): not searched at all. */
const MAX_LENGTH = 512;

/** True when `userAgent` is a link-preview crawler's (see the list above). */
export function isLinkPreviewCrawler(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length > MAX_LENGTH) return false;
  return PATTERNS.some((pattern) => pattern.test(userAgent));
}
