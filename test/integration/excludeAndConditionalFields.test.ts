import { expect } from 'chai';
import { eachFramework } from '../fixture/app';

eachFramework('exclude (Fractal) and conditional fields (when, whenLoaded)', (app) => {
  it('sends default includes unless excluded; exclude drops a requested include too', async () => {
    const all = await app().get('/v1/featured/1');
    expect(all.status).to.equal(200);
    expect(all.body).to.include.keys('author', 'comments');
    const noAuthor = await app().get('/v1/featured/1?exclude=author');
    expect(noAuthor.body).to.not.have.property('author');
    expect(noAuthor.body).to.have.property('comments');
    const none = await app().get('/v1/featured/1?exclude=author,comments');
    expect(Object.keys(none.body)).to.not.include.members(['author', 'comments']);
    const requested = await app().get('/v1/books/1?include=author,comments&exclude=comments');
    expect(requested.body).to.have.property('author');
    expect(requested.body).to.not.have.property('comments');
  });

  it('excludes below an include with a dotted path, and in any spelling', async () => {
    const res = await app().get('/v1/books/1?include=author.books&exclude=author.books');
    expect(res.status).to.equal(200);
    expect(res.body.author).to.not.have.property('books');
    expect((await app().get('/v1/featured/1?exclude=Author')).body).to.not.have.property('author');
  });

  it('answers 400 for an exclude that is not an include of the resource, or malformed', async () => {
    for (const query of ['exclude=publisher', 'exclude=author:limit(1)', 'exclude=a.b.c.d.e.f.g.h.i.j.k', 'exclude=comments.author']) {
      const res = await app().get(`/v1/featured/1?${query}`);
      expect(res.status, query).to.equal(400);
      // Named as the parameter the client sent: never as an include parameter it did not send.
      expect(res.body.error.message, query).to.match(/^Invalid exclude parameter "exclude=/);
    }
    const unknown = await app().get('/v1/featured/1?exclude=publisher');
    expect(unknown.body.error.message).to.contain('available: author, comments');
  });

  it('when(): the field is sent when the condition holds, else left out or its fallback; a function value is called', async () => {
    const res = await app().get('/v1/featured/1');
    expect(res.body.title).to.equal('The Hidden Proof 1');
    expect(res.body).to.not.have.property('long_title');
    expect(res.body.short_title).to.equal('THE HIDDEN PROOF 1');
    const long = await app().get('/v1/featured/3');
    expect([long.body.long_title, long.body.short_title]).to.deep.equal([true, null]);
  });

  it('whenLoaded(): relations sent only when the action loaded them itself, never loaded for it', async () => {
    const lazy = await app().get('/v1/featured/3?exclude=author,comments');
    expect(lazy.body).to.not.have.any.keys('comment_count', 'author_row');
    const eager = await app().get('/v1/featured/3?eager=1&exclude=author,comments');
    expect(eager.body.comment_count).to.equal(8);
    expect(eager.body.author_row).to.include({ id: 5, name: 'Barbara Liskov' });
  });
});
