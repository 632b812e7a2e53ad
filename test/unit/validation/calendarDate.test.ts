import { expect } from 'chai';
import { parseCalendarDate } from '../../../src/validation/calendarDate';
describe('parseCalendarDate()', () => {
  it('accepts ISO 8601 calendar dates and date-times with a zone, and nothing else: no week dates, basic format, impossible days or year 0000', () => {
    for (const t of ['2024-02-29', '2024-02-29T10:30:00Z', '2024-02-29T10:30+02:00', '0001-01-01', '9999-12-31T23:59:59.999Z', '2023-12-31'])
      expect(parseCalendarDate(t), t).to.be.instanceOf(Date);
    for (const t of [
      '2024-02-30',
      '2023-02-29',
      '2020-W01',
      '20200101',
      '0000-01-01',
      '2024-13-01',
      '2024-00-10',
      '2024-01-01T10:00',
      '2024-01-01T24:00Z',
      '2024-1-1',
      ' 2024-01-01',
      '1900-02-29',
      null,
      5,
    ])
      expect(parseCalendarDate(t), String(t)).to.equal(null);
    expect(parseCalendarDate('2024-02-29')!.toISOString()).to.equal('2024-02-29T00:00:00.000Z');
    expect(parseCalendarDate('2000-02-29')!.toISOString()).to.equal('2000-02-29T00:00:00.000Z');
    expect(parseCalendarDate('0001-01-01')!.toISOString()).to.equal('0001-01-01T00:00:00.000Z');
    expect(parseCalendarDate('2024-02-29T10:30+02:00')!.toISOString()).to.equal('2024-02-29T08:30:00.000Z');
  });
});
