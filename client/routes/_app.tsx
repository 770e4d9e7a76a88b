import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFound } from '../components/not-found';
import { AppShell } from '../components/shell/app-shell';

/** Pathless layout of the application routes: sidebar, mobile menu, header and content area. */
export const Route = createFileRoute('/_app')({
  component: AppLayout,
  // Unknown paths below an application route (e.g. /contacts/x) keep the shell around the card.
  notFoundComponent: NotFound,
});

function AppLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
