import { useRouterState } from '@tanstack/react-router';
import { MenuIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BrandMark, BrandName } from '../brand';
import { Button } from '../ui/button';
import { Drawer, DrawerContent, DrawerDescription, DrawerHeader, DrawerTitle, DrawerTrigger } from '../ui/drawer';
import { useNavEntries } from './nav';
import { NavLink } from './nav-link';

const DESKTOP_QUERY = '(min-width: 768px)';

/** Mobile menu (< 768 px): a button that opens a left drawer with the mobile list (spec §2.3). */
export function MobileNav() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const entries = useNavEntries('mobile');
  // Open only on the page it was opened on: any navigation (an entry, back/forward) closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn === pathname;
  const setOpen = (next: boolean) => setOpenedOn(next ? pathname : null);

  // Growing to the desktop layout closes it too.
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    const close = () => query.matches && setOpenedOn(null);
    query.addEventListener('change', close);
    return () => query.removeEventListener('change', close);
  }, []);

  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <DrawerTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="md:hidden">
          <MenuIcon className="size-5" aria-hidden />
        </Button>
      </DrawerTrigger>
      <DrawerContent closeLabel="Close menu">
        <DrawerHeader>
          <DrawerTitle className="flex items-center gap-2">
            <BrandMark />
            <BrandName />
          </DrawerTitle>
          <DrawerDescription className="sr-only">Main navigation</DrawerDescription>
        </DrawerHeader>
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto p-2">
          <ul className="flex flex-col gap-0.5">
            {entries.map((entry) => (
              <li key={entry.to}>
                <NavLink entry={entry} onClick={() => setOpen(false)} />
              </li>
            ))}
          </ul>
        </nav>
      </DrawerContent>
    </Drawer>
  );
}
