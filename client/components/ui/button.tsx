import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { buttonBase, sizes, variants } from './button-classes';

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Classes of a button, for elements that only look like one (e.g. a router Link). */
export function buttonClasses({ variant = 'default', size = 'md', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(buttonBase, variants[variant], sizes[size], className);
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child element (e.g. a link) with the button's look and behaviour. */
  asChild?: boolean;
};

export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component data-slot="button" className={buttonClasses({ variant, size, className })} type={asChild ? type : (type ?? 'button')} {...props} />;
}
