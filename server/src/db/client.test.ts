import { createTestDatabase, type TestDatabase } from '../test-support/db.js';
import { clubs } from './schema/index.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

test('migrations create the tables', async () => {
  await database.db.insert(clubs).values({ id: 'club-1-m', clubnumber: '1', clubname: 'A', team: 'm', search: 'a 1' });
  const rows = await database.db.select().from(clubs);
  expect(rows).toHaveLength(1);
  await expect(database.ping()).resolves.toBeUndefined();
});
