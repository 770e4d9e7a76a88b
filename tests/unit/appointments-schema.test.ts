import { describe, expect, it } from 'vitest';
import { END_AFTER_START, ZAppointmentFormInput, ZCreateAppointmentInput } from '../../server/appointments/schema';

const fields = { title: 'Call', contactId: null, assigneeId: null, timeZone: 'UTC', location: null, meetingUrl: null, status: 'scheduled' as const, notes: null };

function pathsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string[] {
  return (result.error?.issues ?? []).filter((i) => i.message === END_AFTER_START).map((i) => i.path.join('.'));
}

describe('the end-after-start rule names the field that is wrong', () => {
  it('on the API input: endsAt', () => {
    expect(pathsOf(ZCreateAppointmentInput.safeParse({ title: 'Call', startsAt: '2030-05-08T10:00:00Z', endsAt: '2030-05-08T09:30:00Z' }))).toEqual(['endsAt']);
  });

  it("in the form, the end on the start's day at an earlier time: the end time", () => {
    const result = ZAppointmentFormInput.safeParse({ ...fields, startsAt: '2030-05-08T10:00:00Z', endsAt: '2030-05-08T09:30:00Z', startDate: '2030-05-08', endDate: '2030-05-08' });
    expect(pathsOf(result)).toEqual(['endTime']);
  });

  it('in the form, the end on an earlier day: the end date', () => {
    const result = ZAppointmentFormInput.safeParse({ ...fields, startsAt: '2030-05-08T10:00:00Z', endsAt: '2030-05-07T11:00:00Z', startDate: '2030-05-08', endDate: '2030-05-07' });
    expect(pathsOf(result)).toEqual(['endDate']);
  });

  it('in the form, ends in order: no issue', () => {
    expect(ZAppointmentFormInput.safeParse({ ...fields, startsAt: '2030-05-08T10:00:00Z', endsAt: '2030-05-08T10:30:00Z', startDate: '2030-05-08', endDate: '2030-05-08' }).success).toBe(true);
  });
});
