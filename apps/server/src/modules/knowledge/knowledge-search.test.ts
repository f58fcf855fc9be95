import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { retrieveKnowledge } from './knowledge.service';

describe('retrieveKnowledge', () => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  const add = async (user: Awaited<ReturnType<TestApp['signUp']>>, title: string, text: string) => {
    const res = await t.call(user, 'POST', '/api/data', { title, text });
    expect(res.statusCode).toBeLessThan(300);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.signUp();
    const other = await t.signUp();
    [owner, stranger] = [user.id, other.id];
    await add(user, 'Hedge trimming', 'Hedge trimming costs 4.50 CAD per linear metre.');
    await add(user, 'Livraison', 'La livraison est gratuite à partir de 50 €.');
    await add(user, 'Opening hours', 'We are open Monday to Friday, 8 a.m. to 6 p.m.');
    for (let i = 1; i <= 5; i++) await add(user, `Paving ${i}`, `Paving stones, model ${i}, are cleaned and sealed on request.`);
    await add(other, 'Hedge trimming', 'Our hedge prices are secret.');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds an entry by another form of the same word, in English and in French', async () => {
    const hedges = await retrieveKnowledge(t.database.db, owner, 'How much to trim our hedges?');
    expect(hedges.map((k) => k.title)).toEqual(['Hedge trimming']);
    const delivery = await retrieveKnowledge(t.database.db, owner, 'Pouvez-vous livrer mardi ?');
    expect(delivery.map((k) => k.title)).toEqual(['Livraison']);
  });

  it('returns up to the limit the engine asks for, and only the owner’s entries', async () => {
    const question = 'Do you clean paving stones, and what are your opening hours?';
    expect(await retrieveKnowledge(t.database.db, owner, question, 4)).toHaveLength(4);
    const all = await retrieveKnowledge(t.database.db, owner, question, 100);
    expect(all.map((k) => k.title).sort()).toEqual(['Opening hours', 'Paving 1', 'Paving 2', 'Paving 3', 'Paving 4', 'Paving 5']);
    expect(await retrieveKnowledge(t.database.db, stranger, 'Paving stones?', 100)).toEqual([]);
  });
});
