import { clsx } from 'clsx';

/** The Switchboard mark: a small patch-panel glyph on an indigo tile. */
/** `small` is the compact header's size. */
export function BrandMark({ small = false }: { small?: boolean }) {
  return (
    <span className={clsx('flex shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm dark:bg-indigo-500', small ? 'size-7' : 'size-8')}>
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden>
        <circle cx="6" cy="6" r="2" />
        <circle cx="18" cy="6" r="2" />
        <circle cx="6" cy="18" r="2" />
        <circle cx="18" cy="18" r="2" />
        <path d="M8 6h4a4 4 0 0 1 4 4v6M8 18h8" />
      </svg>
    </span>
  );
}

export function BrandName({ className }: { className?: string }) {
  return <span className={clsx('text-base font-semibold tracking-tight text-gray-900 dark:text-white', className)}>Switchboard</span>;
}
