import { expect } from 'chai';
import { Book } from '../../example/models';
import { Api } from '../../src';
import { onBothFrameworks } from './exampleServer';

onBothFrameworks('the example as a remote upstream of the Api service', (app) => {
  it('a remote POST and PUT reach its validation as JSON (201, 200), not as a form (422)', async () => {
    const api = new Api();
    const created = await api.post<{ id: number; title: string }>(`${app().url}/v1/books`, { title: 'Sent From Afar', author_id: 2, publisher_id: 3 });
    try {
      expect(created.title).to.equal('Sent From Afar');
      expect(await api.put(`${app().url}/v1/books/${created.id}`, { title: 'Changed From Afar' })).to.deep.equal({
        success: { code: 200, message: 'Updated' },
      });
      expect((await Book.findByPk(created.id))!.title).to.equal('Changed From Afar');
    } finally {
      await Book.destroy({ where: { id: created.id } });
    }
  });
});
