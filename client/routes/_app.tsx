import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { BillingBanner } from '../components/billing-banner';
import { NotFound } from '../components/not-found';
import { RealtimeProvider } from '../components/realtime/realtime-provider';
import { AppShell } from '../components/shell/app-shell';
import { loadMe, useMe } from '../lib/auth';

/**
 * Pathless layout of the application routes: sidebar, mobile menu, header and content area. Every
 * route below it needs a signed-in user; a visitor who is not is sent to sign in and brought back.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const me = await loadMe(context.trpc);
    if (!me) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: AppLayout,
  // Unknown paths below an application route (e.g. /contacts/x) keep the shell around the card.
  notFoundComponent: NotFound,
});

function AppLayout() {
  const { data: me } = useMe();
  return (
    <RealtimeProvider>
      <AppShell user={me ? { name: me.user.name, email: me.user.email } : undefined}>
        <BillingBanner />
        <Outlet />
      </AppShell>
    </RealtimeProvider>
  );
}
