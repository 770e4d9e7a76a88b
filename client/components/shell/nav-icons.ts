import {
  BookOpenIcon,
  CalendarDaysIcon,
  ChartColumnIcon,
  FilterIcon,
  GlobeIcon,
  KanbanIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MegaphoneIcon,
  MessageSquareTextIcon,
  SquareCheckIcon,
  TagIcon,
  UsersIcon,
  WorkflowIcon,
} from 'lucide-react';
import type { NavIcon } from './nav';

export const NAV_ICONS: Record<NavIcon, LucideIcon> = {
  dashboard: LayoutDashboardIcon,
  contacts: UsersIcon,
  tasks: SquareCheckIcon,
  pipeline: KanbanIcon,
  funnels: FilterIcon,
  campaigns: MegaphoneIcon,
  sms: MessageSquareTextIcon,
  appointments: CalendarDaysIcon,
  automation: WorkflowIcon,
  websites: GlobeIcon,
  reports: ChartColumnIcon,
  tutorials: BookOpenIcon,
  pricing: TagIcon,
};
