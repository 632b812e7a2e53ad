import { expect } from 'chai';
import fc from 'fast-check';
import { CALENDAR_DATE_PATTERN, parseCalendarDate } from '../../../src/validation/calendarDate';

describe('CALENDAR_DATE_PATTERN', () => {
  const pattern = new RegExp(CALENDAR_DATE_PATTERN);

  it('admits no year 0000, month 13, day 45, hour 24 or minute 60, as the validator refuses them', () => {
    for (const text of ['0000-01-10', '2020-13-45', '2020-00-10', '2020-01-32', '2020-01-01T24:00Z', '2020-01-01T10:60Z', '2020-01-01T10:00+24:00']) {
      expect(pattern.test(text), text).to.equal(false);
      expect(parseCalendarDate(text), text).to.equal(null);
    }
  });

  it('admits every instant the validator reads, written as ISO 8601 says', () => {
    const instants = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instants, (date) => {
        const text = date.toISOString();
        return pattern.test(text) && pattern.test(text.slice(0, 10)) && parseCalendarDate(text) !== null;
      }),
    );
  });

  it('of what it admits, the validator refuses only days a month does not have (2021-02-30)', () => {
    fc.assert(fc.property(fc.stringMatching(pattern, { maxLength: 40 }), (text) => parseCalendarDate(text) !== null || /-(29|30|31)(T|$)/.test(text)));
  });
});
