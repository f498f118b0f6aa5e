import { isLinkPreviewCrawler } from './crawlers.js';

/** Link-preview crawlers by their real user agents; people's browsers (also in-app ones) and search engines are none. */

const CRAWLERS: [string, string][] = [
  ['WhatsApp (Android)', 'WhatsApp/2.23.20.0 A'],
  ['WhatsApp (iOS)', 'WhatsApp/2.2343.6 i'],
  ['WhatsApp (web/desktop)', 'WhatsApp/2.2413.51 W'],
  ['Signal (sends WhatsApp’s token)', 'WhatsApp/2'],
  ['Facebook, Messenger, Instagram', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  ['Facebook (short)', 'facebookexternalhit/1.1'],
  ['Facebot', 'Facebot'],
  [
    'iMessage',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  ],
  [
    'Applebot',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  ],
  ['Telegram', 'TelegramBot (like TwitterBot)'],
  ['X (Twitter)', 'Twitterbot/1.0'],
  ['LinkedIn', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
  ['Slack (links)', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  ['Slack', 'Slackbot 1.0 (+https://api.slack.com/robots)'],
  ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
  ['Skype', 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com'],
  ['Pinterest', 'Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)'],
  ['Pinterest (older)', 'Pinterest/0.2 (+http://www.pinterest.com/bot.html)'],
];

const PEOPLE: [string, string | undefined][] = [
  ['no user agent', undefined],
  ['empty', ''],
  [
    'Chrome on Android',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ],
  ['Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'],
  [
    'Facebook’s in-app browser',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.40.97;FBBV/123;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/de_DE;FBOP/5]',
  ],
  [
    'Instagram’s in-app browser',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,2; iOS 17_5; de_DE; de; scale=3.00; 1179x2556; 612000000)',
  ],
  [
    'WhatsApp’s in-app browser (Android WebView)',
    'Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36',
  ],
  ['Googlebot (a search engine)', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ['bingbot (a search engine)', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  ['curl', 'curl/8.5.0'],
  ['a page that names WhatsApp later', 'Mozilla/5.0 MyApp WhatsApp/2'],
  ['a very long user agent', `WhatsApp/2 ${'x'.repeat(600)}`],
];

test.each(CRAWLERS)('%s is a link-preview crawler', (_name, userAgent) => {
  expect(isLinkPreviewCrawler(userAgent)).toBe(true);
});

test.each(PEOPLE)('%s is none', (_name, userAgent) => {
  expect(isLinkPreviewCrawler(userAgent)).toBe(false);
});
