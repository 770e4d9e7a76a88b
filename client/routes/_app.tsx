import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { BillingBanner } from '../components/billing-banner';
import { NotFound } from '../components/not-found';
import { RealtimeProvider } from '../components/realtime/realtime-provider';
import { AppShell } from '../components/shell/app-shell';
import { VerifyEmailBanner } from '../components/verify-email-banner';
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
        <Banners>
          <VerifyEmailBanner />
          <BillingBanner />
        </Banners>
        <Outlet />
      </AppShell>
    </RealtimeProvider>
  );
}

/**
 * The banners above every application page. Their height is published as --app-banners-height, so
 * a page as tall as the screen (the pipeline board) leaves room for them instead of overflowing.
 */
function Banners({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--app-banners-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--app-banners-height');
    };
  }, []);
  return <div ref={box}>{children}</div>;
}
