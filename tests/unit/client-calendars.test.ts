import { describe, expect, it } from 'vitest';
import {
  appendInterval,
  blankCalendar,
  calendarInputOf,
  changeInterval,
  copyMondayToWeekdays,
  errorAt,
  nextQuestionId,
  removeInterval,
  setDayAvailable,
  slugFromName,
  withDay,
} from '../../client/routes/_app/-components/calendars/calendar-model';
import { DEFAULT_WEEKLY, ZCreateCalendarInput, ZWeeklyAvailability } from '../../server/calendars/schema';

const USER = '00000000-0000-4000-8000-000000000001';

describe('booking calendar form model', () => {
  it('proposes a slug the server accepts from any name', () => {
    expect(slugFromName('Discovery Call — 30 min!')).toBe('discovery-call-30-min');
    expect(slugFromName('  Café Rendez-vous  ')).toBe('cafe-rendez-vous');
    expect(slugFromName('!!!')).toBe('');
    const long = slugFromName(`${'a'.repeat(59)} b`);
    expect(long).toBe('a'.repeat(59));
    for (const name of ['Discovery call', 'Ça va? Oui!', `${'x'.repeat(70)}`, '-- Demo --']) {
      const values = { ...blankCalendar(USER, 'UTC'), name, slug: slugFromName(name) };
      expect(ZCreateCalendarInput.safeParse(calendarInputOf(values)).success).toBe(true);
    }
  });

  it('turns typed numbers and empty texts into the create input, an empty number failing on its own field', () => {
    const values = { ...blankCalendar(USER, 'Europe/Paris'), name: 'Demo', slug: 'demo', maximumPerDay: '', location: '  ', slotMinutes: '45' };
    const input = ZCreateCalendarInput.parse(calendarInputOf(values));
    expect(input).toMatchObject({
      slotMinutes: 45,
      maximumPerDay: null,
      location: null,
      description: null,
      horizonDays: 60,
      members: [{ userId: USER, timeZone: 'Europe/Paris', weekly: DEFAULT_WEEKLY }],
    });
    const missing = ZCreateCalendarInput.safeParse(calendarInputOf({ ...values, slotMinutes: '' }));
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['slotMinutes']);
  });

  it('edits a day: unavailable, available again 09:00–17:00, another interval after the last, changed, removed', () => {
    let week = DEFAULT_WEEKLY;
    week = setDayAvailable(week, 5, false);
    expect(week[5]).toEqual([]);
    expect(DEFAULT_WEEKLY[5]).toEqual([{ start: '09:00', end: '17:00' }]);
    week = setDayAvailable(week, 0, true);
    expect(week[0]).toEqual([{ start: '09:00', end: '17:00' }]);
    week = withDay(week, 1, appendInterval(week[1]!));
    expect(week[1]).toEqual([
      { start: '09:00', end: '17:00' },
      { start: '18:00', end: '19:00' },
    ]);
    expect(DEFAULT_WEEKLY[1]).toHaveLength(1);
    expect(changeInterval(week[1]!, 0, { end: '12:00' })[0]).toEqual({ start: '09:00', end: '12:00' });
    expect(removeInterval(week[1]!, 0)).toEqual([{ start: '18:00', end: '19:00' }]);
    expect(appendInterval([])).toEqual([{ start: '09:00', end: '17:00' }]);
    expect(appendInterval([{ start: '20:00', end: '23:00' }])[1]).toEqual({ start: '23:00', end: '24:00' });
    // A half-typed end: a fresh working day rather than a time that cannot be read.
    expect(appendInterval([{ start: '08:00', end: '1' }])[1]).toEqual({ start: '09:00', end: '17:00' });
    expect(ZWeeklyAvailability.safeParse(week).success).toBe(true);
  });

  it('copies Monday to Tuesday–Friday and keeps the weekend', () => {
    const monday = [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '16:00' },
    ];
    const week = copyMondayToWeekdays([[{ start: '10:00', end: '11:00' }], monday, [], [], [], [], [{ start: '09:00', end: '10:00' }]]);
    expect(week).toEqual([[{ start: '10:00', end: '11:00' }], monday, monday, monday, monday, monday, [{ start: '09:00', end: '10:00' }]]);
    expect(week[2]).not.toBe(monday);
  });

  it('finds a field’s error at or below its path, and gives each new question a free id', () => {
    const errors = { 'members.0.weekly.1.0.end': 'must be after the start', slug: 'is already used by another calendar' };
    expect(errorAt(errors, 'members.0')).toBe('must be after the start');
    expect(errorAt(errors, 'members.0.weekly.2')).toBeUndefined();
    expect(errorAt(errors, 'slug')).toBe('is already used by another calendar');
    expect(nextQuestionId([])).toBe('question-1');
    expect(nextQuestionId(['question-2'])).toBe('question-3');
    expect(nextQuestionId(['question-2', 'question-3'])).toBe('question-4');
  });
});
