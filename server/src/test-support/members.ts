import type { RegistrationInput } from '@erd/shared-contracts/wire';
import type { TestApp } from './app.js';
import { srpLogin } from './identity.js';
import { lastCodeTo } from './mail.js';

/** Club members for tests: registered, confirmed and logged in through the real calls. */

export const MEMBER_PASSWORD = 'Abseits!2026';
export const XSRF = 'abcdefghijklmnopqrstuvwxyz012345';

export interface Member {
  email: string;
  clubId: string;
  sub: string;
  accessToken: string;
}

/** A club member's sign-up: Erika Musterfrau of the club, with the password. */
export function memberRegistration(email: string, clubId: string, password = MEMBER_PASSWORD): RegistrationInput {
  return {
    email,
    password,
    fields: {
      firstname: 'Erika',
      lastname: 'Musterfrau',
      street: 'Hauptstraße 1',
      city: '80331 München',
      club: { id: clubId, linkType: 'Object', type: 'Link' },
    },
  };
}

export async function createMember(t: TestApp, clubId: string, email = `${clubId}@example.org`): Promise<Member> {
  const base = `${t.config.contentApiBase}/public/spaces/${t.config.spaceId}/frontend-users`;
  const registration = memberRegistration(email, clubId);
  const signup = await t.app.inject({ method: 'POST', url: `${base}/signup`, payload: registration as unknown as Record<string, unknown> });
  if (signup.statusCode !== 201) throw new Error(`signup of ${email} failed: ${signup.statusCode} ${signup.body}`);
  const confirm = await t.app.inject({
    method: 'POST',
    url: `${base}/signup/confirm`,
    payload: { email, code: await lastCodeTo(t, email) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirmation of ${email} failed: ${confirm.body}`);
  const login = await srpLogin(t.app, email, MEMBER_PASSWORD, t.ctx.now());
  const accessToken = login.body.AuthenticationResult?.AccessToken;
  if (!accessToken) throw new Error(`login of ${email} failed: ${JSON.stringify(login.body)}`);
  const sub = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')).sub as string;
  return { email, clubId, sub, accessToken };
}

/** Headers of a member's same-origin call: access token and the anti-forgery pair. */
export function memberHeaders(member: Member | null, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...(member ? { authorization: `Bearer ${member.accessToken}` } : {}),
    cookie: [`XSRF-TOKEN=${XSRF}`, extra.cookie].filter(Boolean).join('; '),
    'x-xsrf-token': XSRF,
    ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'cookie')),
  };
}
