import type { LucideIcon } from 'lucide-react';

/** Cards from a page's texts keyed like their icons, in the icons' order: the texts translate, the icons stay. */
export function withIcons<K extends string, T extends object>(icons: Record<K, LucideIcon>, items: Readonly<Record<K, T>>): (T & { icon: LucideIcon })[] {
  return (Object.keys(icons) as K[]).map((key) => ({ icon: icons[key], ...items[key] }));
}
