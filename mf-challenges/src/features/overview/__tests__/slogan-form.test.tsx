import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInSession, mockFetch } from '@erd/shared-contracts/testing';
import { ownEntry, OWN, renderChallenges, SPACEDATA, spaceData } from '../../../testing/fixtures';
import { callLines, mockHttp } from '../../../testing/http';

jest.mock('@erd/shared-contracts/http', () => ({ createHttpClient: jest.fn() }));

// The text vote (#4): submission 01.06–15.06, voting 16.06–30.06.
const TEXT = OWN('challenge-text');
const SUBMIT_DAY = '2026-06-05';
const VOTE_DAY = '2026-06-20';
const panel = () => screen.findByRole('article', { name: 'Euer bester Schlachtruf' });
const linksIn = (el: HTMLElement) =>
  within(el)
    .queryAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

beforeEach(() => mockFetch({ [SPACEDATA]: { body: spaceData() } }));

describe('submission window', () => {
  it('visitors get Teilnehmen and STÖBERN, no form', async () => {
    mockHttp({});
    renderChallenges({ today: SUBMIT_DAY });
    const text = await panel();
    expect(linksIn(text)).toEqual([
      ['Teilnehmen', '/login'],
      ['STÖBERN', '/challenge/challenge-text'],
    ]);
    expect(within(text).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('members without an entry get the slogan field (max 200) with a counter', async () => {
    mockHttp({ [`GET ${TEXT}`]: { data: null } });
    const user = userEvent.setup();
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    const field = await within(text).findByRole('textbox', { name: 'Dein Spruch' });
    expect(field).toHaveAttribute('maxlength', '200');
    expect(within(text).getByText('0/200 Zeichen')).toBeInTheDocument();
    expect(within(text).getByRole('button', { name: 'Spruch einreichen' })).toBeDisabled();
    // The question stays visible above the form.
    expect(within(text).getByText('Wie lautet euer Schlachtruf?')).toBeInTheDocument();
    expect(linksIn(text)).toEqual([['STÖBERN', '/challenge/challenge-text']]);

    await user.click(field);
    await user.tab();
    expect(within(text).getByText('Gib einen Spruch ein')).toBeInTheDocument();
    await user.type(field, '   ');
    expect(within(text).getByText('Gib einen Spruch ein')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'Auf geht’s!');
    expect(within(text).queryByText('Gib einen Spruch ein')).not.toBeInTheDocument();
    expect(within(text).getByText('11/200 Zeichen')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('11/200 Zeichen');
  });

  it('takes at most 200 characters; a longer value (pasted past the limit) is refused', async () => {
    mockHttp({ [`GET ${TEXT}`]: { data: null } });
    const user = userEvent.setup();
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    const field = await within(text).findByRole('textbox', { name: 'Dein Spruch' });
    await user.click(field);
    await user.paste('x'.repeat(230));
    expect(field).toHaveValue('x'.repeat(200));
    expect(within(text).getByText('200/200 Zeichen')).toBeInTheDocument();
    expect(within(text).getByRole('button', { name: 'Spruch einreichen' })).toBeEnabled();

    fireEvent.change(field, { target: { value: 'y'.repeat(201) } });
    fireEvent.blur(field);
    expect(within(text).getByText('Der Spruch darf maximal 200 Zeichen lang sein')).toBeInTheDocument();
    expect(within(text).getByRole('button', { name: 'Spruch einreichen' })).toBeDisabled();
  });

  it('sends the slogan once (PUT { slogan }), then says it will be published soon', async () => {
    const calls = mockHttp({
      [`GET ${TEXT}`]: { data: null },
      [`PUT ${TEXT}`]: ({ body }) => ({ data: { ...ownEntry('text'), fields: { ...ownEntry('text').fields, ...(body as object) } } }),
    });
    const user = userEvent.setup();
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    await user.type(await within(text).findByRole('textbox', { name: 'Dein Spruch' }), '  <b>Eching</b> vor!  ');
    await user.dblClick(within(text).getByRole('button', { name: 'Spruch einreichen' }));
    expect(await within(text).findByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeInTheDocument();
    expect(within(text).queryByRole('textbox')).not.toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([expect.objectContaining({ url: TEXT, body: { slogan: '<b>Eching</b> vor!' }, authenticated: true })]);
    expect(linksIn(text)).toEqual([['STÖBERN', '/challenge/challenge-text']]);
  });

  it('says so when sending fails, and keeps the text', async () => {
    mockHttp({ [`GET ${TEXT}`]: { data: null }, [`PUT ${TEXT}`]: { status: 500 } });
    const user = userEvent.setup();
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    const field = await within(text).findByRole('textbox', { name: 'Dein Spruch' });
    await user.type(field, 'Hoch die Hände');
    await user.click(within(text).getByRole('button', { name: 'Spruch einreichen' }));
    expect(await within(text).findByRole('alert')).toHaveTextContent('Da ist leider was schief gelaufen.');
    expect(field).toHaveValue('Hoch die Hände');
    expect(within(text).getByRole('button', { name: 'Spruch einreichen' })).toBeEnabled();
  });

  it('when the club already sent one (409 AlreadySubmitted) it shows that entry', async () => {
    let gets = 0;
    const calls = mockHttp({
      [`GET ${TEXT}`]: () => ({ data: ++gets === 1 ? null : ownEntry('text') }),
      [`PUT ${TEXT}`]: { status: 409, code: 'AlreadySubmitted' },
    });
    const user = userEvent.setup();
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    await user.type(await within(text).findByRole('textbox', { name: 'Dein Spruch' }), 'Zweiter Versuch');
    await user.click(within(text).getByRole('button', { name: 'Spruch einreichen' }));
    expect(await within(text).findByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeInTheDocument();
    expect(callLines(calls)).toEqual([`GET ${TEXT}`, `PUT ${TEXT}`, `GET ${TEXT}`]);
  });

  it('an unpublished entry shows the notice instead of the form', async () => {
    mockHttp({ [`GET ${TEXT}`]: { data: ownEntry('text') } });
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    expect(await within(text).findByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeInTheDocument();
    expect(within(text).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('a published entry gives MEINEN SPRUCH ANZEIGEN, linking to it', async () => {
    mockHttp({ [`GET ${TEXT}`]: { data: ownEntry('text', { published: true, id: 't-own' }) } });
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    expect(await within(text).findByRole('link', { name: 'MEINEN SPRUCH ANZEIGEN' })).toHaveAttribute(
      'href',
      '/challenge/challenge-text/t-own',
    );
    expect(within(text).queryByText('Dein Spruch wird in Kürze freigeschaltet.')).not.toBeInTheDocument();
    expect(within(text).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('a rejected entry is gone (the API answers null again): the form is back', async () => {
    let entry: ReturnType<typeof ownEntry> | null = ownEntry('text');
    mockHttp({ [`GET ${TEXT}`]: () => ({ data: entry }) });
    const first = renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    expect(await within(await panel()).findByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeInTheDocument();
    first.unmount();

    entry = null; // an operator rejected it
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    expect(await within(text).findByRole('textbox', { name: 'Dein Spruch' })).toHaveValue('');
    expect(within(text).queryByText('Dein Spruch wird in Kürze freigeschaltet.')).not.toBeInTheDocument();
  });
});

describe('voting window', () => {
  it('visitors get ABSTIMMEN (the entries) and Teilnehmen', async () => {
    mockHttp({});
    renderChallenges({ today: VOTE_DAY });
    expect(linksIn(await panel())).toEqual([
      ['ABSTIMMEN', '/challenge/challenge-text'],
      ['Teilnehmen', '/login'],
    ]);
  });

  it('members without an entry get ABSTIMMEN to the entries, no form', async () => {
    mockHttp({ [`GET ${TEXT}`]: { data: null } });
    renderChallenges({ today: VOTE_DAY, session: loggedInSession });
    const text = await panel();
    expect(await within(text).findByRole('link', { name: 'ABSTIMMEN' })).toHaveAttribute('href', '/challenge/challenge-text');
    expect(within(text).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(text).queryByRole('link', { name: 'Teilnehmen' })).not.toBeInTheDocument();
  });

  it('a published own entry gives ABSTIMMEN to that entry, plus STÖBERN', async () => {
    mockHttp({ [`GET ${TEXT}`]: { data: ownEntry('text', { published: true, id: 't-own' }) } });
    renderChallenges({ today: VOTE_DAY, session: loggedInSession });
    const text = await panel();
    await within(text).findByRole('link', { name: 'ABSTIMMEN' });
    expect(linksIn(text)).toEqual([
      ['ABSTIMMEN', '/challenge/challenge-text/t-own'],
      ['STÖBERN', '/challenge/challenge-text'],
    ]);
  });

  it('an entry still unpublished keeps its notice', async () => {
    mockHttp({ [`GET ${TEXT}`]: { data: ownEntry('text') } });
    renderChallenges({ today: VOTE_DAY, session: loggedInSession });
    const text = await panel();
    expect(await within(text).findByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeInTheDocument();
    expect(linksIn(text)).toEqual([['ABSTIMMEN', '/challenge/challenge-text']]);
  });
});
