import { permittedProcedure, router } from '../trpc/init';
import { commandHistory, recordVoiceToggle } from './history';
import { runCommand } from './run';
import { ZCommandHistory, ZCommandRecord, ZGlobalSearchInput, ZGlobalSearchResult, ZRunCommandInput, ZVoiceToggled, ZVoiceToggleInput } from './schema';
import { globalSearch } from './search';

export const searchRouter = router({
  global: permittedProcedure('commands:read')
    .input(ZGlobalSearchInput)
    .output(ZGlobalSearchResult)
    .query(({ ctx, input }) => globalSearch(ctx, input)),
});

export const commandsRouter = router({
  run: permittedProcedure('commands:read')
    .input(ZRunCommandInput)
    .output(ZCommandRecord)
    .mutation(({ ctx, input }) => runCommand(ctx, input)),
  history: permittedProcedure('commands:read')
    .output(ZCommandHistory)
    .query(({ ctx }) => commandHistory(ctx)),
  voiceToggled: permittedProcedure('commands:read')
    .input(ZVoiceToggleInput)
    .output(ZVoiceToggled)
    .mutation(({ ctx, input }) => recordVoiceToggle(ctx, input)),
});
