import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInSession, mockFetch } from '@erd/shared-contracts/testing';
import { ownEntry, OWN, renderChallenges, SPACEDATA, spaceData } from '../../../testing/fixtures';
import { callLines, mockHttp } from '../../../testing/http';

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
    mockHttp({ [`GET ${TEXT}?include=rejection`]: { data: null } });
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
    mockHttp({ [`GET ${TEXT}?include=rejection`]: { data: null } });
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
      [`GET ${TEXT}?include=rejection`]: { data: null },
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
    mockHttp({ [`GET ${TEXT}?include=rejection`]: { data: null }, [`PUT ${TEXT}`]: { status: 500 } });
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
      [`GET ${TEXT}?include=rejection`]: () => ({ data: ++gets === 1 ? null : ownEntry('text') }),
      [`PUT ${TEXT}`]: { status: 409, code: 'AlreadySubmitted' },
    });
    const user = userEvent.setup();
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    await user.type(await within(text).findByRole('textbox', { name: 'Dein Spruch' }), 'Zweiter Versuch');
    await user.click(within(text).getByRole('button', { name: 'Spruch einreichen' }));
    expect(await within(text).findByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeInTheDocument();
    expect(callLines(calls)).toEqual([`GET ${TEXT}?include=rejection`, `PUT ${TEXT}`, `GET ${TEXT}?include=rejection`]);
  });

  it('an unpublished entry shows the slogan the club sent and the notice instead of the form', async () => {
    mockHttp({ [`GET ${TEXT}?include=rejection`]: { data: ownEntry('text') } });
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    expect(await within(text).findByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeInTheDocument();
    const sent = within(text).getByRole('figure', { name: 'Dein eingereichter Spruch' });
    expect(sent).toHaveTextContent('Eching vor, noch ein Tor!');
    expect(within(text).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('after sending, the card shows the slogan as sent and that it is pending', async () => {
    mockHttp({
      [`GET ${TEXT}?include=rejection`]: { data: null },
      [`PUT ${TEXT}`]: ({ body }) => ({
        data: { ...ownEntry('text'), fields: { ...ownEntry('text').fields, slogan: (body as { slogan: string }).slogan } },
      }),
    });
    const user = userEvent.setup();
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    await user.type(await within(text).findByRole('textbox', { name: 'Dein Spruch' }), 'Auf geht’s, Eching!');
    await user.click(within(text).getByRole('button', { name: 'Spruch einreichen' }));
    expect(await within(text).findByRole('figure', { name: 'Dein eingereichter Spruch' })).toHaveTextContent('Auf geht’s, Eching!');
    expect(within(text).getByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeInTheDocument();
  });

  it("a rejected entry: the operator's reason, and the form is back", async () => {
    mockHttp({
      [`GET ${TEXT}?include=rejection`]: {
        data: {
          state: 'rejected',
          challengeId: 'challenge-text',
          objectTypeId: 'bfv-erd-text-participation',
          reason: 'Beleidigend.',
          rejectedAt: '2026-06-04T10:00:00.000Z',
          withdrawn: false,
          slogan: 'x',
        },
      },
    });
    renderChallenges({ today: SUBMIT_DAY, session: loggedInSession });
    const text = await panel();
    expect(
      await within(text).findByText('Dein Spruch wurde leider nicht freigegeben: Beleidigend. Du kannst einen neuen einreichen.'),
    ).toBeInTheDocument();
    expect(within(text).getByRole('textbox', { name: 'Dein Spruch' })).toHaveValue('');
  });

  it('a published entry gives MEINEN SPRUCH ANZEIGEN, linking to it', async () => {
    mockHttp({ [`GET ${TEXT}?include=rejection`]: { data: ownEntry('text', { published: true, id: 't-own' }) } });
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
    mockHttp({ [`GET ${TEXT}?include=rejection`]: () => ({ data: entry }) });
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
  it('visitors get ABSTIMMEN (the entries), no Teilnehmen once submission has closed', async () => {
    mockHttp({});
    renderChallenges({ today: VOTE_DAY });
    expect(linksIn(await panel())).toEqual([['ABSTIMMEN', '/challenge/challenge-text']]);
  });

  it('members without an entry get ABSTIMMEN to the entries, no form', async () => {
    mockHttp({ [`GET ${TEXT}?include=rejection`]: { data: null } });
    renderChallenges({ today: VOTE_DAY, session: loggedInSession });
    const text = await panel();
    expect(await within(text).findByRole('link', { name: 'ABSTIMMEN' })).toHaveAttribute('href', '/challenge/challenge-text');
    expect(within(text).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(text).queryByRole('link', { name: 'Teilnehmen' })).not.toBeInTheDocument();
  });

  it('a published own entry gives ABSTIMMEN to that entry, plus STÖBERN; the card shows it with its votes', async () => {
    const entry = ownEntry('text', { published: true, id: 't-own' });
    mockHttp({ [`GET ${TEXT}?include=rejection`]: { data: { ...entry, state: 'published', fields: { ...entry.fields, votes: 1234 } } } });
    renderChallenges({ today: VOTE_DAY, session: loggedInSession });
    const text = await panel();
    await within(text).findByRole('link', { name: 'ABSTIMMEN' });
    const sent = within(text).getByRole('figure', { name: 'Dein eingereichter Spruch' });
    expect(sent).toHaveTextContent('Eching vor, noch ein Tor!');
    expect(sent).toHaveTextContent('Freigeschaltet');
    expect(sent).toHaveTextContent('1.234 Stimmen');
    expect(linksIn(text)).toEqual([
      ['ABSTIMMEN', '/challenge/challenge-text/t-own'],
      ['STÖBERN', '/challenge/challenge-text'],
    ]);
  });

  it('a rejection after submission closed: the reason, no form and no offer to send another', async () => {
    mockHttp({
      [`GET ${TEXT}?include=rejection`]: {
        data: {
          state: 'rejected',
          challengeId: 'challenge-text',
          objectTypeId: 'bfv-erd-text-participation',
          reason: null,
          rejectedAt: '2026-06-16T10:00:00.000Z',
          withdrawn: true,
        },
      },
    });
    renderChallenges({ today: VOTE_DAY, session: loggedInSession });
    const text = await panel();
    expect(await within(text).findByText('Dein Spruch wurde leider zurückgezogen.')).toBeInTheDocument();
    expect(within(text).queryByRole('textbox')).not.toBeInTheDocument();
    expect(linksIn(text)).toEqual([['ABSTIMMEN', '/challenge/challenge-text']]);
  });

  it('an entry still unpublished keeps its notice', async () => {
    mockHttp({ [`GET ${TEXT}?include=rejection`]: { data: ownEntry('text') } });
    renderChallenges({ today: VOTE_DAY, session: loggedInSession });
    const text = await panel();
    expect(await within(text).findByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeInTheDocument();
    expect(linksIn(text)).toEqual([['ABSTIMMEN', '/challenge/challenge-text']]);
  });
});
