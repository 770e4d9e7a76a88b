import { useAtomValue, useSetAtom } from 'jotai';
import { MoonIcon, SunIcon } from 'lucide-react';
import { useEffect } from 'react';
import { rememberThemeChoice } from '../lib/auth';
import { otherTheme } from '../state/theme';
import { themeAtom } from '../state/ui';
import { Button } from './ui/button';
import { Tooltip } from './ui/tooltip';

/** Keeps the `dark` class on <html> in step with the theme; mounted once, at the root. */
export function useApplyTheme(): void {
  const theme = useAtomValue(themeAtom);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
}

/** Switches light ↔ dark; when signed in the choice is also saved to the account's preferences. */
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useAtomValue(themeAtom);
  const setTheme = useSetAtom(themeAtom);
  const toggle = () => {
    const next = otherTheme(theme);
    setTheme(next);
    rememberThemeChoice(next);
  };
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip content={label} side="bottom">
      <Button variant="ghost" size="icon" aria-label={label} onClick={() => toggle()} className={className}>
        {theme === 'dark' ? <SunIcon className="size-5" aria-hidden /> : <MoonIcon className="size-5" aria-hidden />}
      </Button>
    </Tooltip>
  );
}
