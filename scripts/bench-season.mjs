// The season the benches seed (not measured): a finished season of realistic size — 2,500 club
// numbers × 2 teams, 12 challenges (three of each type), ~58,000 entries, ~500,000 vote records,
// some removed — written with bulk inserts straight into a fresh database. Shared by
// `bench:results` (publication and result files) and `bench:serving` (public reads under load).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mulberry32, silentLog } from './bench-kit.mjs';
import { root } from './lib.mjs';

/**
 * What a bench that seeds this season takes from the built server (server/dist, built before):
 * its configuration and database, the tables and search text `seedSeason` writes with, the
 * publication of results (`publishResults(db, challengeId)`: a challenge's first version through
 * the real service, as the CLI publishes), and the contracts' default points table.
 */
export async function seasonServer() {
  const dist = (p) => import(pathToFileURL(path.join(root, 'server/dist', p)).href);
  const { loadConfig } = await dist('config.js');
  const { openConfiguredDatabase } = await dist('bootstrap.js');
  const schema = await dist('db/schema/index.js');
  const { normalizeSearch } = await dist('lib/text.js');
  const { publishChallengeResults } = await dist('modules/results/service.js');
  const { DEFAULT_POINTS_TABLE } = await import('@erd/shared-contracts/wire');
  const publishResults = (db, challengeId) =>
    publishChallengeResults({
      ctx: { db, now: () => new Date(), log: silentLog },
      input: { challengeId, body: { expectedVersion: 0 }, actor: { operatorId: null, name: 'cli:bench' } },
    });
  return { loadConfig, openConfiguredDatabase, schema, normalizeSearch, publishResults, DEFAULT_POINTS_TABLE };
}

// Seeded random numbers (the same season every run) and realistic German club names.

const rnd = mulberry32(20260601);
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));

const TOWNS = `Aichach Altdorf Altötting Amberg Ansbach Aschaffenburg Augsburg Bad Aibling Bad Kissingen Bad Tölz Bamberg Bayreuth
Berchtesgaden Burghausen Cham Coburg Dachau Deggendorf Dillingen Dingolfing Donauwörth Ebersberg Eichstätt Erding Erlangen
Feucht Forchheim Freising Fürstenfeldbruck Fürth Füssen Garmisch Germering Gersthofen Gräfelfing Günzburg Haßfurt Hersbruck
Herzogenaurach Hof Ingolstadt Kaufbeuren Kelheim Kempten Kitzingen Kronach Kulmbach Landsberg Landshut Lauf Lichtenfels
Lindau Marktoberdorf Memmingen Miesbach Mühldorf München Münchberg Neuburg Neumarkt Neustadt Neu-Ulm Nördlingen Nürnberg
Oberasbach Olching Ottobrunn Passau Pfaffenhofen Pfarrkirchen Puchheim Regen Regensburg Rehau Roth Rosenheim Schwabach
Schwandorf Schweinfurt Selb Sonthofen Starnberg Straubing Sulzbach-Rosenberg Tirschenreuth Traunstein Unterhaching
Unterschleißheim Vilsbiburg Vilshofen Waldkraiburg Weiden Weilheim Weißenburg Wolfratshausen Würzburg Wunsiedel Zirndorf
Zwiesel Abensberg Alzenau Arnstorf Bad Reichenhall Baiersdorf Bobingen Buchloe Burgau Dinkelsbühl Ebern Eggenfelden Erbendorf
Feuchtwangen Friedberg Gaimersheim Geretsried Gilching Grafing Haar Hallbergmoos Hemau Höchstadt Holzkirchen Illertissen
Ismaning Karlstadt Kirchheim Königsbrunn Krumbach Lohr Mainburg Marktredwitz Meitingen Mindelheim Moosburg Murnau Neusäß
Obertraubling Ochsenfurt Osterhofen Penzberg Plattling Pocking Poing Prien Rain Rödental Rothenburg Schongau Schrobenhausen
Simbach Stadtbergen Taufkirchen Töging Trostberg Vaterstetten Vohburg Waldsassen Weißenhorn Wertingen Zusmarshausen`
  .split(/\s+/)
  .reduce((towns, word, i, words) => {
    // "Bad Aibling", "Bad Tölz": "Bad" belongs to the next word.
    if (word === 'Bad') return towns;
    towns.push(words[i - 1] === 'Bad' ? `Bad ${word}` : word);
    return towns;
  }, []);
const PREFIXES = [
  'TSV',
  'SV',
  'FC',
  'SpVgg',
  'TuS',
  'VfB',
  'VfL',
  'ASV',
  'DJK',
  'FSV',
  'SC',
  'TSG',
  'BSC',
  'SSV',
  'TV',
  '1. FC',
  'ESV',
  'SG',
];
const EPITHETS = [
  'Eintracht',
  'Germania',
  'Rot-Weiß',
  'Blau-Weiß',
  'Viktoria',
  'Concordia',
  'Alemannia',
  'Grün-Weiß',
  'Wacker',
  'Phönix',
  'Jahn',
];
const DISTRICTS = ['Nord', 'Süd', 'Ost', 'West', 'Mitte', 'Land', 'Stadt', 'Oberhausen', 'Unterau', 'Moos', 'Au', 'Kreuzberg'];

function clubNames(count) {
  const names = new Set();
  while (names.size < count) {
    const town = pick(TOWNS);
    const prefix = pick(PREFIXES);
    const form = rnd();
    let name;
    if (form < 0.35) name = `${prefix} ${town}`;
    else if (form < 0.55) name = `${prefix} ${town}-${pick(DISTRICTS)}`;
    else if (form < 0.7) name = `${prefix} ${int(1860, 1999)} ${town}`;
    else if (form < 0.85) name = `${prefix} ${pick(EPITHETS)} ${town}`;
    else if (form < 0.95) name = `SG ${town}/${pick(TOWNS)}`;
    else name = `${prefix} ${town} e.V.`;
    names.add(name);
  }
  return [...names];
}

const SLOGAN_PARTS = [
  [
    'Bei uns',
    'Auf unserem Platz',
    'Im Verein',
    'Gemeinsam',
    'Seit Jahrzehnten',
    'Jedes Wochenende',
    'Ob Regen oder Sonne',
    'Von der F-Jugend bis zur Ersten',
  ],
  [
    'zählt jeder Einzelne',
    'spielt das Herz mit',
    'wird nie aufgegeben',
    'gewinnt die Gemeinschaft',
    'ist Fußball Familie',
    'brennt das Flutlicht',
    'steht der Zusammenhalt an erster Stelle',
    'schmeckt der Sieg am besten',
  ],
  [
    '– auf geht’s!',
    '!',
    '. Punkt.',
    ' – mit Herz und Leidenschaft.',
    '… und danach ein Kühles!',
    ' – Heimat, Rasen, Leidenschaft.',
    ' ⚽',
    '!!',
  ],
];
const slogan = (clubname) =>
  rnd() < 0.3
    ? `${clubname}: ${pick(SLOGAN_PARTS[1])}${pick(SLOGAN_PARTS[2])}`
    : `${pick(SLOGAN_PARTS[0])} ${pick(SLOGAN_PARTS[1])}${pick(SLOGAN_PARTS[2])}`;

/** Votes of one entry: mostly a few, an exponential tail, now and then a club that mobilised hundreds. */
const voteCount = () => (rnd() < 0.01 ? int(200, 900) : Math.floor(-Math.log(1 - rnd()) * 12));

/** Paragraphs of German running text as an mdast root (legal texts and teasers of realistic size). */
export function richText(paragraphs, heading) {
  const words =
    'Die Teilnahme an der Punktejagd ist kostenlos und steht allen Vereinen offen deren Mannschaften im Verband gemeldet sind Personenbezogene Daten werden nur zur Durchführung des Wettbewerbs verarbeitet und nach dem Ende der Saison gelöscht soweit keine gesetzlichen Aufbewahrungsfristen entgegenstehen'.split(
      ' ',
    );
  const children = heading ? [{ type: 'heading', depth: 1, children: [{ type: 'text', value: heading }] }] : [];
  for (let p = 0; p < paragraphs; p++) {
    const length = int(40, 90);
    const text = Array.from({ length }, () => pick(words)).join(' ');
    children.push({ type: 'paragraph', children: [{ type: 'text', value: `${text[0].toUpperCase()}${text.slice(1)}.` }] });
  }
  return { type: 'root', children };
}

/**
 * Seeds the season into `db` (a fresh database; `schema`, `normalizeSearch`, `DEFAULT_POINTS_TABLE`
 * from the built server and the contracts). `postgres`: vacuum analyze afterwards (else analyze).
 * `legalParagraphs`: paragraphs of each legal text (0: empty texts). Answers what it wrote.
 */
export async function seedSeason({
  db,
  schema,
  normalizeSearch,
  DEFAULT_POINTS_TABLE,
  clubNumbers,
  postgres,
  legalParagraphs = 0,
  log = console.log,
}) {
  const seedStarted = performance.now();
  const today = new Date();
  const Y = today.getUTCFullYear() - 1; // last year's season: every challenge has ended
  const yearId = `year-${Y}`;
  const teaser = { headline: 'Punktejagd', images: [] };
  const emptyText = { type: 'root', children: [] };
  const legal = (title) => (legalParagraphs ? richText(legalParagraphs, title) : emptyText);
  await db.insert(schema.years).values({ id: yearId, year: Y, teasers: { teaser1: teaser, teaser2: teaser, teaserPrizes: teaser } });
  await db
    .insert(schema.site)
    .values({
      id: schema.SITE_ID,
      currentYearId: yearId,
      terms: legal('Teilnahmebedingungen'),
      dataProtection: legal('Datenschutz'),
      imprint: legal('Impressum'),
    })
    .onConflictDoUpdate({ target: schema.site.id, set: { currentYearId: yearId } });

  const pad2 = (n) => String(n).padStart(2, '0');
  const lastDay = (m) => new Date(Date.UTC(Y, m, 0)).getUTCDate();
  const CHALLENGES = [
    { type: 'bfv-erd-estimate', headline: 'Wie viele Zuschauer kommen zum Toto-Pokal-Finale?', rightAnswer: 4711 },
    { type: 'bfv-erd-text-vote', headline: 'Euer Vereinsslogan' },
    { type: 'bfv-erd-goals', headline: 'Wie viele Tore schießt eure Mannschaft im März?', scoring: 'highest' },
    { type: 'bfv-erd-picture-vote', headline: 'Das schönste Mannschaftsfoto' },
    { type: 'bfv-erd-estimate', headline: 'Wie viele Vereine melden eine Mädchenmannschaft?', rightAnswer: 1268 },
    { type: 'bfv-erd-text-vote', headline: 'Warum ist euer Sportheim das beste?' },
    { type: 'bfv-erd-goals', headline: 'Wie viele Tore fallen am 20. Spieltag der Bayernliga?', scoring: 'closest', rightAnswer: 312 },
    { type: 'bfv-erd-picture-vote', headline: 'Euer Platz im Sommer' },
    { type: 'bfv-erd-estimate', headline: 'Wie viele Bratwürste gehen beim Derby über die Theke?', rightAnswer: 2380 },
    { type: 'bfv-erd-text-vote', headline: 'Der beste Schlachtruf' },
    { type: 'bfv-erd-goals', headline: 'Wie viele Tore schießt eure Mannschaft im November?', scoring: 'highest' },
    { type: 'bfv-erd-picture-vote', headline: 'Jubel des Jahres' },
  ].map((c, i) => {
    const m = i + 1;
    const vote = c.type.endsWith('-vote');
    return {
      ...c,
      id: `ch-${Y}-${pad2(m)}`,
      position: i,
      month: m,
      vote,
      startDate: `${Y}-${pad2(m)}-01`,
      endDate: `${Y}-${pad2(m)}-${pad2(lastDay(m))}`,
    };
  });
  await db.insert(schema.challenges).values(
    CHALLENGES.map((c) => ({
      id: c.id,
      yearId,
      position: c.position,
      objectTypeId: c.type,
      headline: c.headline,
      teasertitle: c.headline,
      question: c.headline,
      startDate: c.startDate,
      endDate: c.endDate,
      ...(c.vote
        ? {
            startDateSubmission: c.startDate,
            endDateSubmission: `${Y}-${pad2(c.month)}-14`,
            startDateVoting: `${Y}-${pad2(c.month)}-15`,
            endDateVoting: c.endDate,
          }
        : { rightAnswer: c.rightAnswer ?? null, scoring: c.type === 'bfv-erd-goals' ? c.scoring : 'closest' }),
      points: DEFAULT_POINTS_TABLE,
    })),
  );

  const names = clubNames(clubNumbers);
  const clubRows = [];
  names.forEach((clubname, i) => {
    const clubnumber = String(10_000 + i * 7 + int(0, 6));
    const logourl = rnd() < 0.4 ? `/media/logos/${clubnumber}-${randomBytes(4).toString('hex')}.png` : null;
    for (const team of ['m', 'w']) {
      clubRows.push({
        id: `club-${clubnumber}-${team}`,
        clubnumber,
        clubname,
        team,
        logourl,
        search: normalizeSearch(`${clubname} ${clubnumber}`),
      });
    }
  });
  for (let i = 0; i < clubRows.length; i += 1000) await db.insert(schema.clubs).values(clubRows.slice(i, i + 1000));

  let entryCount = 0;
  for (const c of CHALLENGES) {
    const rows = [];
    for (const club of clubRows) {
      if (rnd() < 0.03) continue; // nearly every club takes part
      const day = int(1, c.vote ? 14 : lastDay(c.month));
      const createdAt = new Date(Date.UTC(Y, c.month - 1, day, int(6, 21), int(0, 59)));
      const publishedAt = new Date(createdAt.getTime() + int(1, 30) * 3600_000);
      const row = {
        id: `p-${randomBytes(10).toString('hex')}`,
        challengeId: c.id,
        clubId: club.id,
        createdAt,
        updatedAt: publishedAt,
        state: 'published',
        publishedAt,
      };
      if (c.type === 'bfv-erd-estimate') {
        Object.assign(row, {
          objectTypeId: 'bfv-erd-estimate-participation',
          estimate: Math.max(0, Math.round(c.rightAnswer * (0.4 + rnd() * 1.2))),
        });
      } else if (c.type === 'bfv-erd-goals') {
        const estimate = c.scoring === 'closest' ? int(150, 480) : Math.floor(-Math.log(1 - rnd()) * 14);
        Object.assign(row, { objectTypeId: 'bfv-erd-estimate-participation', estimate });
      } else {
        const pending = rnd() < 0.015; // a few still waiting for review: not ranked
        Object.assign(row, pending ? { state: 'pending', publishedAt: null } : { votes: voteCount() });
        if (c.type === 'bfv-erd-text-vote')
          Object.assign(row, { objectTypeId: 'bfv-erd-text-participation', slogan: slogan(club.clubname) });
        else {
          const key = randomBytes(16).toString('hex');
          const base = `/media/uploads/${key}`;
          Object.assign(row, {
            objectTypeId: 'bfv-erd-picture-participation',
            image: {
              fields: { file: { url: `${base}.jpg`, contentType: 'image/jpeg', width: 4000, height: 3000 } },
              metadata: { thumbnails: [320, 640, 1024].map((w) => ({ url: `${base}.w${w}.webp`, width: w, format: 'webp' })) },
            },
          });
        }
      }
      rows.push(row);
    }
    for (let i = 0; i < rows.length; i += 1000) await db.insert(schema.participations).values(rows.slice(i, i + 1000));
    entryCount += rows.length;
    if (c.vote) {
      // One record per vote (the counts are taken from these); on every 20th entry 3 more that an
      // operator removed (kept, not counted).
      await db.execute(`
        insert into votes (participation_id, challenge_id, voter_id, ip_hash, user_agent, created_at, removed_at, removed_by, removal_reason)
        select p.id, p.challenge_id, 'bench-' || md5(p.id || ':' || g), md5((g % 3001)::text), 'Chrome',
               p.published_at + make_interval(mins => g),
               case when g > p.votes then p.published_at + interval '3 days' end,
               case when g > p.votes then 'bench@example.org' end,
               case when g > p.votes then 'Serienstimmen aus einem Netz' end
        from participations p
        cross join lateral generate_series(1, p.votes + case when abs(hashtext(p.id)) % 20 = 0 then 3 else 0 end) g
        where p.challenge_id = '${c.id}' and p.state = 'published'`);
    }
  }
  if (postgres) {
    // The state autovacuum leaves a production database in; done now, so that autovacuum does not
    // compete with the measurements below for the two cores.
    await db.execute('vacuum analyze');
    await db.execute('checkpoint').catch(() => undefined);
  } else {
    await db.execute('analyze'); // PGlite runs a standalone backend: no autovacuum
  }
  const [counts] = (
    await db.execute(
      `select (select count(*) from clubs)::int as clubs, (select count(*) from participations)::int as entries,
              (select count(*) from participations where state = 'pending')::int as pending,
              (select count(*) from votes)::int as votes, (select count(*) from votes where removed_at is not null)::int as removed`,
    )
  ).rows;
  log(
    `Seeded season ${Y}: ${CHALLENGES.length} challenges, ${counts.clubs} club entries (${clubNumbers} club numbers × 2 teams), ` +
      `${counts.entries} entries (${counts.pending} pending), ${counts.votes} vote records (${counts.removed} removed) ` +
      `in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (not measured)`,
  );
  if (counts.entries !== entryCount) throw new Error(`seeded ${entryCount} entries, found ${counts.entries}`);
  return { Y, yearId, CHALLENGES, clubRows, counts };
}
