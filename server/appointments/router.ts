import { ZDeletedRecord } from '../records/schema';
import { permittedProcedure, router } from '../trpc/init';
import {
  ZAppointmentIdInput,
  ZAppointmentPage,
  ZAppointmentRecord,
  ZAppointmentWithConflicts,
  ZCheckConflictsInput,
  ZCreateAppointmentInput,
  ZListAppointmentsInput,
  ZSearchAppointmentsInput,
  ZRescheduleAppointmentInput,
  ZSetAppointmentStatusInput,
  ZUpdateAppointmentInput,
} from './schema';
import * as appointments from './service';

export const appointmentsRouter = router({
  list: permittedProcedure('appointments:read')
    .input(ZListAppointmentsInput)
    .query(({ ctx, input }) => appointments.listAppointments(ctx, input)),
  search: permittedProcedure('appointments:read')
    .input(ZSearchAppointmentsInput)
    .output(ZAppointmentPage)
    .query(({ ctx, input }) => appointments.searchAppointments(ctx, input)),
  get: permittedProcedure('appointments:read')
    .input(ZAppointmentIdInput)
    .output(ZAppointmentRecord)
    .query(({ ctx, input }) => appointments.getAppointment(ctx, input)),
  checkConflicts: permittedProcedure('appointments:read')
    .input(ZCheckConflictsInput)
    .query(({ ctx, input }) => appointments.checkConflicts(ctx, input)),
  create: permittedProcedure('appointments:write')
    .input(ZCreateAppointmentInput)
    .output(ZAppointmentWithConflicts)
    .mutation(({ ctx, input }) => appointments.createAppointment(ctx, input)),
  update: permittedProcedure('appointments:write')
    .input(ZUpdateAppointmentInput)
    .output(ZAppointmentWithConflicts)
    .mutation(({ ctx, input }) => appointments.updateAppointment(ctx, input)),
  reschedule: permittedProcedure('appointments:write')
    .input(ZRescheduleAppointmentInput)
    .mutation(({ ctx, input }) => appointments.rescheduleAppointment(ctx, input)),
  setStatus: permittedProcedure('appointments:write')
    .input(ZSetAppointmentStatusInput)
    .mutation(({ ctx, input }) => appointments.setAppointmentStatus(ctx, input)),
  delete: permittedProcedure('appointments:write')
    .input(ZAppointmentIdInput)
    .output(ZDeletedRecord)
    .mutation(({ ctx, input }) => appointments.deleteAppointment(ctx, input)),
});
