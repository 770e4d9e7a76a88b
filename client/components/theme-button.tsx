import { MoonIcon, SunIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { otherTheme, type Theme } from '../state/theme';
import { plainButtonClasses } from './ui/button-classes';

type ThemeButtonProps = Omit<ComponentProps<'button'>, 'onToggle'> & {
  theme: Theme;
  onToggle: (next: Theme) => void;
  labels: { toDark: string; toLight: string };
};

/**
 * The light ↔ dark button. It holds no state: the application passes its jotai theme, the public
 * site its light store (lib/theme-store.ts), so public pages do not load the application's state.
 */
export function ThemeButton({ theme, onToggle, labels, onClick, className, ...props }: ThemeButtonProps) {
  return (
    <button
      type="button"
      aria-label={theme === 'dark' ? labels.toLight : labels.toDark}
      className={plainButtonClasses('ghost', 'icon', className)}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        onToggle(otherTheme(theme));
      }}
    >
      {theme === 'dark' ? <SunIcon className="size-5" aria-hidden /> : <MoonIcon className="size-5" aria-hidden />}
    </button>
  );
}
