import { ZDeletedRecord } from '../records/schema';
import { permittedProcedure, router } from '../trpc/init';
import { ZCalendarBookingInput, ZCalendarIdInput, ZCalendarList, ZCalendarSlotsInput, ZCreateCalendarInput, ZSlotsAnswer, ZUpdateCalendarInput, ZBookingRecord } from './schema';
import * as calendars from './service';

export const calendarsRouter = router({
  list: permittedProcedure('calendars:read')
    .output(ZCalendarList)
    .query(({ ctx }) => calendars.listCalendars(ctx)),
  get: permittedProcedure('calendars:read')
    .input(ZCalendarIdInput)
    .query(({ ctx, input }) => calendars.getCalendar(ctx, input)),
  slots: permittedProcedure('calendars:read')
    .input(ZCalendarSlotsInput)
    .output(ZSlotsAnswer)
    .query(({ ctx, input }) => calendars.calendarSlots(ctx, input)),
  create: permittedProcedure('calendars:manage')
    .input(ZCreateCalendarInput)
    .mutation(({ ctx, input }) => calendars.createCalendar(ctx, input)),
  update: permittedProcedure('calendars:manage')
    .input(ZUpdateCalendarInput)
    .mutation(({ ctx, input }) => calendars.updateCalendar(ctx, input)),
  delete: permittedProcedure('calendars:manage')
    .input(ZCalendarIdInput)
    .output(ZDeletedRecord)
    .mutation(({ ctx, input }) => calendars.deleteCalendar(ctx, input)),
  book: permittedProcedure('calendars:book')
    .input(ZCalendarBookingInput)
    .output(ZBookingRecord)
    .mutation(({ ctx, input }) => calendars.bookForCaller(ctx, input)),
});
