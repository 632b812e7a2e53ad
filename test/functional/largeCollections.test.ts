import { expect } from 'chai';
import { eachFramework } from '../fixture/app';
import { exampleQueries } from '../fixture/database';

// /lists/repeated/:times sends the 100 seeded books `times` times over: 1,200 models are three walk parts
// (500, 500, 200), each walked with all its includes before the next.

const INCLUDE = 'include=author,comments:limit(2)';

/** The 100 books' data twelve times over, as the 1,200-book collection must send it. */
const twelveTimes = (data: unknown[]) => JSON.stringify(Array.from({ length: 1200 }, (_, i) => data[i % 100]));

type Resource = { type: string; id: string };
const byTypeAndId = (a: Resource, b: Resource) => a.type.localeCompare(b.type) || Number(a.id) - Number(b.id);

describe('a collection larger than one walk part (500 models)', () => {
  eachFramework('array, walked in parts', (app) => {
    it('sends every model in order with its includes, as a collection walked whole sends each', async () => {
      const whole = await app().get(`/lists/repeated/1?${INCLUDE}`);
      const parts = await app().get(`/lists/repeated/12?${INCLUDE}`);
      expect([whole.status, parts.status]).to.deep.equal([200, 200]);
      expect(parts.body.data).to.have.length(1200);
      expect(JSON.stringify(parts.body.data)).to.equal(twelveTimes(whole.body.data));
    });

    it('reads each include once per part: two statements per part for author and comments', async () => {
      const statements = await exampleQueries(() => app().get(`/lists/repeated/12?${INCLUDE}`));
      // The twelve copies' own SELECTs, then author and comments for each of the three parts.
      expect(statements).to.have.length(12 + 3 * 2);
    });
  });

  eachFramework(
    'json-api, walked in parts',
    (app) => {
      it('sends every model in order and each related resource once, as a collection walked whole does', async () => {
        const whole = await app().get(`/lists/repeated/1?${INCLUDE}`);
        const parts = await app().get(`/lists/repeated/12?${INCLUDE}`);
        expect([whole.status, parts.status], whole.text).to.deep.equal([200, 200]);
        expect(JSON.stringify(parts.body.data)).to.equal(twelveTimes(whole.body.data));
        // The authors met in every part, and the comments of each book, are included once each.
        expect(parts.body.included.sort(byTypeAndId)).to.deep.equal(whole.body.included.sort(byTypeAndId));
      });
    },
    { serializer: 'json-api' },
  );

  eachFramework(
    'include.maxResources, walked in parts',
    (app) => {
      it('checks each part against what is left of the budget: the part that would go over is refused', async () => {
        // 1,200 books with their authors hold 2,400 resources: the first part's 1,000 fit, the second's do not.
        const res = await app().get('/lists/repeated/12?include=author');
        expect(res.status).to.equal(400);
        expect(res.body.error.message).to.match(/asks for up to 2000 resources once "author" is loaded, over the 1500 one response may hold/);
        // The books alone are not a level the budget is asked about, as for a collection walked whole.
        expect((await app().get('/lists/repeated/12')).status).to.equal(200);
      });
    },
    { include: { maxResources: 1500 } },
  );
});
