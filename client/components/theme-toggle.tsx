import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { rememberThemeChoice } from '../lib/auth';
import { themeAtom } from '../state/ui';
import { ThemeButton } from './theme-button';
import { Tooltip } from './ui/tooltip';

/** Keeps the `dark` class on <html> in step with the theme; mounted once, at the root. */
export function useApplyTheme(): void {
  const theme = useAtomValue(themeAtom);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
}

const LABELS = { toDark: 'Switch to dark theme', toLight: 'Switch to light theme' };

/** Switches light ↔ dark; when signed in the choice is also saved to the account's preferences. */
export function ThemeToggle({ className }: { className?: string }) {
  const [theme, setTheme] = useAtom(themeAtom);
  return (
    <Tooltip content={theme === 'dark' ? LABELS.toLight : LABELS.toDark} side="bottom">
      <ThemeButton
        theme={theme}
        labels={LABELS}
        className={className}
        onToggle={(next) => {
          setTheme(next);
          rememberThemeChoice(next);
        }}
      />
    </Tooltip>
  );
}
