import {
  closestCorners,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  type KeyboardCoordinateGetter,
  MeasuringStrategy,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRightIcon, CalendarIcon, ChevronLeftIcon, ChevronRightIcon, PlusIcon, RepeatIcon, TrophyIcon, UserIcon, XCircleIcon } from 'lucide-react';
import { type KeyboardEvent, memo, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { focusRing } from '../../../../components/ui/focus';
import { Tooltip } from '../../../../components/ui/tooltip';
import { formatCalendarDate, todayIn } from '../../../../lib/calendar';
import { cn } from '../../../../lib/cn';
import type { TDealBoardInput } from '../../../../lib/deals-schema';
import { formatMoney, formatPercent } from '../../../../lib/money';
import { LiveRegion } from '../crm/live-region';
import type { BoardStage, Deal, DealBoard as Board } from '../crm/types';
import { type Column, columnDuring, columnsOf, KEY_DIRECTIONS, keyboardTarget, placeOf, type Target } from './board-model';
import { LostReasonDialog } from './lost-reason-dialog';
import type { PipelineSearch } from './search';
import { useMoveDeal } from './use-move-deal';

/** A drop ends with the pointer over a card: that release is not a click that opens it. */
let suppressClickUntil = 0;

type Drag = { dealId: string; from: Target; target: Target; keyboard: boolean };
type DropData = { type: 'stage' | 'deal'; stageId: string };

const INSTRUCTIONS =
  'To move a deal, focus its card and press Space to pick it up. Use the left and right arrow keys to move it to another stage and the up and down arrow keys to change its place in the stage. Press Space again to drop it, or Escape to cancel. Press Enter to open the deal.';

/** Over a card rather than the column behind it; the nearest column when the pointer is between them. */
const collisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length > 0) {
    const card = within.find((c) => (c.data?.droppableContainer?.data.current as DropData | undefined)?.type === 'deal');
    return card ? [card] : within;
  }
  return closestCorners(args);
};

const stageTone = (kind: BoardStage['kind']) =>
  kind === 'won'
    ? 'border-green-200 bg-green-50/60 dark:border-green-900 dark:bg-green-950/30'
    : kind === 'lost'
      ? 'border-red-200 bg-red-50/50 dark:border-red-900 dark:bg-red-950/20'
      : 'border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900/60';

/**
 * The kanban board: one column per stage with its count, value (primary currency; others noted) and
 * conversion to the next stage; deals move by pointer drag or by keyboard (Space, arrows, Space),
 * with what happens announced to screen readers. Dropping on a lost stage asks for the reason.
 */
export function DealBoard({
  board,
  input,
  canWrite,
  timeZone,
  onCreateInStage,
  listLinkSearch,
}: {
  board: Board;
  input: TDealBoardInput;
  canWrite: boolean;
  timeZone: string;
  onCreateInStage: (stageId: string) => void;
  listLinkSearch: (stageId: string) => PipelineSearch;
}) {
  const navigate = useNavigate();
  const { move } = useMoveDeal(input);
  const [drag, setDrag] = useState<Drag | null>(null);
  // Between a drop and the board's next data (the query cache notifies a moment later), the card
  // stays where it was dropped: it never flashes back, and keyboard focus lands on it there.
  const [settling, setSettling] = useState<{ dealId: string; target: Target; board: Board } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [lost, setLost] = useState<{ deal: Deal; stage: BoardStage; index: number } | null>(null);
  const columns = useMemo(() => columnsOf(board), [board]);
  const deals = useMemo(() => new Map(board.stages.flatMap((s) => s.deals.map((d) => [d.id, d] as const))), [board]);
  const stages = useMemo(() => new Map(board.stages.map((s) => [s.id, s] as const)), [board]);
  const today = todayIn(timeZone);

  // The sensors' callbacks read the latest state through refs (they are created once per drag).
  const state = useRef({ drag, columns, deals, stages });
  useEffect(() => {
    state.current = { drag, columns, deals, stages };
  });

  const describe = useCallback((target: Target, dealId: string) => {
    const { columns: cols, stages: byId } = state.current;
    const column = cols.find((c) => c.id === target.stageId);
    const total = column ? column.dealIds.filter((id) => id !== dealId).length + 1 : 1;
    return `${byId.get(target.stageId)?.name ?? 'Stage'}, position ${target.index + 1} of ${total}`;
  }, []);

  const retarget = useCallback(
    (target: Target) => {
      const current = state.current.drag;
      if (!current || (current.target.stageId === target.stageId && current.target.index === target.index)) return;
      const next = { ...current, target };
      state.current.drag = next;
      setDrag(next);
      setAnnouncement(`${state.current.deals.get(current.dealId)?.title ?? 'Deal'}: ${describe(target, current.dealId)}.`);
    },
    [describe],
  );

  const coordinateGetter: KeyboardCoordinateGetter = useCallback(
    (event, { currentCoordinates }) => {
      const direction = KEY_DIRECTIONS[event.code];
      const current = state.current.drag;
      if (!direction || !current) return undefined;
      event.preventDefault();
      retarget(keyboardTarget(state.current.columns, current.dealId, current.target, direction));
      // The card itself moves in the page (no floating copy for the keyboard), so the sensor's own coordinates stay.
      return currentCoordinates;
    },
    [retarget],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] }, coordinateGetter }),
  );

  function onDragStart(event: DragStartEvent) {
    const dealId = String(event.active.id);
    const from = placeOf(state.current.columns, dealId);
    if (!from) return;
    const keyboard = event.activatorEvent instanceof KeyboardEvent;
    const next = { dealId, from, target: from, keyboard };
    state.current.drag = next;
    setDrag(next);
    const title = state.current.deals.get(dealId)?.title ?? 'Deal';
    setAnnouncement(`Picked up ${title}. ${describe(from, dealId)}.${keyboard ? ' Arrow keys move it, Space drops it, Escape cancels.' : ''}`);
  }

  function onDragMove(event: DragMoveEvent) {
    const current = state.current.drag;
    if (!current || current.keyboard) return;
    const { active, over } = event;
    const data = over?.data.current as DropData | undefined;
    if (!over || !data) return;
    const column = state.current.columns.find((c) => c.id === data.stageId);
    if (!column) return;
    const rest = column.dealIds.filter((id) => id !== active.id);
    if (data.type === 'stage') {
      if (current.target.stageId !== data.stageId) retarget({ stageId: data.stageId, index: rest.length });
      return;
    }
    if (over.id === active.id) return;
    const index = rest.indexOf(String(over.id));
    if (index < 0) return;
    const rect = active.rect.current.translated;
    const middle = rect ? rect.top + rect.height / 2 : 0;
    retarget({ stageId: data.stageId, index: index + (middle > over.rect.top + over.rect.height / 2 ? 1 : 0) });
  }

  function finish(event: DragEndEvent | null) {
    suppressClickUntil = Date.now() + 300;
    const current = state.current.drag;
    state.current.drag = null;
    setDrag(null);
    if (!current) return;
    const deal = state.current.deals.get(current.dealId);
    const stage = state.current.stages.get(current.target.stageId);
    if (!event || !deal || !stage) {
      setAnnouncement(`Move cancelled. ${deal?.title ?? 'The deal'} stays in ${state.current.stages.get(current.from.stageId)?.name ?? 'its stage'}.`);
      return;
    }
    if (current.from.stageId === current.target.stageId && current.from.index === current.target.index) {
      setAnnouncement(`${deal.title} dropped where it was.`);
      return;
    }
    const position = `${stage.name}, position ${current.target.index + 1}`;
    if (stage.kind === 'lost' && deal.stage.id !== stage.id) {
      setAnnouncement(`${deal.title}: a lost reason is needed to move it to ${stage.name}.`);
      setLost({ deal, stage, index: current.target.index });
      return;
    }
    setAnnouncement(`${deal.title} dropped in ${position}.`);
    setSettling({ dealId: deal.id, target: current.target, board });
    void move(deal, stage, { index: current.target.index });
  }

  function openDeal(dealId: string) {
    void navigate({ to: '/pipeline/deals/$dealId', params: { dealId } });
  }

  const active = drag ? deals.get(drag.dealId) : undefined;
  const placement = drag ?? (settling && settling.board === board ? settling : null);
  return (
    <section aria-label={`${board.pipeline.name} board`} className="flex min-w-0 flex-col gap-3 md:min-h-0 md:flex-1">
      <h2 className="sr-only">{board.pipeline.name} board</h2>
      <LiveRegion message={announcement} assertive />
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragStart={onDragStart}
        onDragMove={onDragMove}
        onDragOver={onDragMove}
        onDragEnd={(e) => finish(e)}
        onDragCancel={() => finish(null)}
        accessibility={{
          screenReaderInstructions: { draggable: INSTRUCTIONS },
          // Announced through the board's own live region, which knows stages and places.
          announcements: { onDragStart: () => undefined, onDragOver: () => undefined, onDragMove: () => undefined, onDragEnd: () => undefined, onDragCancel: () => undefined },
        }}
      >
        <StagesScroller>
          {board.stages.map((stage, i) => (
            <StageColumn
              key={stage.id}
              stage={stage}
              next={board.stages[i + 1]}
              column={columns[i]!}
              drag={drag}
              placement={placement}
              deals={deals}
              primaryCurrency={board.primaryCurrency}
              canWrite={canWrite}
              today={today}
              onOpen={openDeal}
              onCreate={() => onCreateInStage(stage.id)}
              listLinkSearch={listLinkSearch(stage.id)}
            />
          ))}
        </StagesScroller>
        <DragOverlay dropAnimation={null}>{active && drag && !drag.keyboard ? <DealCardView deal={active} today={today} overlay /> : null}</DragOverlay>
      </DndContext>
      <LostReasonDialog
        open={lost !== null}
        dealTitle={lost?.deal.title ?? ''}
        stageName={lost?.stage.name ?? ''}
        onCancel={() => {
          setAnnouncement(lost ? `${lost.deal.title} stays in ${lost.deal.stage.name}.` : '');
          setLost(null);
        }}
        onConfirm={async (reason) => {
          if (!lost) return null;
          const refused = await move(lost.deal, lost.stage, { index: lost.index, lostReason: reason });
          if (!refused) {
            setAnnouncement(`${lost.deal.title} moved to ${lost.stage.name}.`);
            setLost(null);
          }
          return refused;
        }}
      />
    </section>
  );
}

/** Which way the stages can still scroll (a few pixels of rounding count as the end). */
function scrollEdges(el: HTMLElement): { left: boolean; right: boolean } {
  return { left: el.scrollLeft > 2, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 2 };
}

/**
 * The row of stage columns. When the stages are wider than the screen it scrolls sideways and says so:
 * a visible scrollbar, a fade and a "scroll" button on each side that has more, and the row itself
 * is focusable so the arrow keys scroll it.
 */
function StagesScroller({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () =>
      setEdges((prev) => {
        const next = scrollEdges(el);
        return prev.left === next.left && prev.right === next.right ? prev : next;
      });
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    for (const child of el.children) observer?.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  const scrollBy = (direction: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * Math.max(200, el.clientWidth * 0.8), behavior: reduced ? 'auto' : 'smooth' });
  };
  const button = (side: 'left' | 'right') => (
    <div
      className={cn(
        'pointer-events-none absolute inset-y-0 z-10 hidden w-12 items-center sm:flex',
        side === 'left' ? 'left-0 justify-start bg-gradient-to-r' : 'right-0 justify-end bg-gradient-to-l',
        'from-gray-50 to-transparent dark:from-gray-950',
      )}
    >
      <Button
        variant="outline"
        size="icon"
        tabIndex={-1}
        className="pointer-events-auto size-8 rounded-full shadow-md"
        aria-label={`Scroll stages ${side}`}
        data-scroll-stages={side}
        onClick={() => scrollBy(side === 'left' ? -1 : 1)}
      >
        {side === 'left' ? <ChevronLeftIcon className="size-4" aria-hidden /> : <ChevronRightIcon className="size-4" aria-hidden />}
      </Button>
    </div>
  );
  return (
    <div className="relative flex min-h-0 flex-col md:flex-1">
      {edges.left ? button('left') : null}
      {edges.right ? button('right') : null}
      <div
        ref={ref}
        role="region"
        aria-label="Stages"
        // Focusable so the arrow keys scroll it; a card inside takes the keys once focused.
        tabIndex={0}
        data-stages-scroller
        className={cn(
          'relative -mx-4 flex min-h-0 snap-x snap-proximity scroll-px-4 overflow-x-auto overflow-y-hidden rounded-lg px-4 pb-3 [scrollbar-color:var(--color-gray-400)_transparent] [scrollbar-width:thin] sm:mx-0 sm:snap-none sm:scroll-px-0 sm:px-0 md:flex-1',
          focusRing,
        )}
      >
        <div role="list" className="flex min-h-0 flex-1 gap-3">
          {children}
        </div>
      </div>
    </div>
  );
}

function StageColumn({
  stage,
  next,
  column,
  drag,
  placement,
  deals,
  primaryCurrency,
  canWrite,
  today,
  onOpen,
  onCreate,
  listLinkSearch,
}: {
  stage: BoardStage;
  next: BoardStage | undefined;
  column: Column;
  drag: Drag | null;
  placement: { dealId: string; target: Target } | null;
  deals: Map<string, Deal>;
  primaryCurrency: string;
  canWrite: boolean;
  today: string;
  onOpen: (dealId: string) => void;
  onCreate: () => void;
  listLinkSearch: PipelineSearch;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `stage:${stage.id}`, data: { type: 'stage', stageId: stage.id } satisfies DropData });
  const ids = placement ? columnDuring(column, placement.dealId, placement.target) : column.dealIds;
  const headingId = `stage-${stage.id}-name`;
  const others = stage.totals.filter((t) => t.currency !== primaryCurrency);
  const targeted = drag?.target.stageId === stage.id && drag.from.stageId !== stage.id;
  return (
    <div role="listitem" className="flex w-[17rem] shrink-0 snap-start flex-col sm:w-auto sm:max-w-sm sm:min-w-44 sm:flex-1 sm:basis-0">
      <section
        aria-labelledby={headingId}
        className={cn('flex max-h-[70dvh] min-h-0 flex-1 flex-col rounded-xl border md:max-h-none', stageTone(stage.kind), (isOver || targeted) && 'ring-2 ring-indigo-400 dark:ring-indigo-500')}
      >
        <header className="flex flex-col gap-1 border-b border-inherit px-3 pt-3 pb-2">
          <div className="flex items-center justify-between gap-2">
            <h3 id={headingId} className="flex min-w-0 items-center gap-1.5 text-sm font-semibold break-words text-gray-900 dark:text-white">
              {stage.kind === 'won' ? <TrophyIcon className="size-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden /> : null}
              {stage.kind === 'lost' ? <XCircleIcon className="size-4 shrink-0 text-red-600 dark:text-red-400" aria-hidden /> : null}
              <span className="min-w-0">{stage.name}</span>
            </h3>
            <div className="flex shrink-0 items-center gap-1">
              <Badge tone={stage.kind === 'won' ? 'green' : stage.kind === 'lost' ? 'red' : 'gray'} aria-label={`${stage.count} ${stage.count === 1 ? 'deal' : 'deals'}`}>
                {stage.count}
              </Badge>
              {canWrite ? (
                <Tooltip content={`New deal in ${stage.name}`}>
                  <Button variant="ghost" size="icon" className="size-7" aria-label={`New deal in ${stage.name}`} onClick={onCreate}>
                    <PlusIcon className="size-4" aria-hidden />
                  </Button>
                </Tooltip>
              ) : null}
            </div>
          </div>
          <p className="text-sm font-medium text-gray-900 tabular-nums dark:text-gray-100" data-testid="stage-value">
            <span className="sr-only">Total value: </span>
            {formatMoney(stage.value.valueMinor, stage.value.currency)}
            {stage.kind === 'open' && stage.weightedValue.valueMinor > 0 ? (
              <span className="ml-1.5 text-xs font-normal text-gray-500 dark:text-gray-400">· {formatMoney(stage.weightedValue.valueMinor, stage.weightedValue.currency)} weighted</span>
            ) : null}
          </p>
          {others.length > 0 ? (
            <p className="text-xs text-gray-500 dark:text-gray-400">Also {others.map((t) => `${formatMoney(t.valueMinor, t.currency)} (${t.count})`).join(', ')} — not converted</p>
          ) : null}
          {stage.conversion && next ? (
            <Tooltip content={`${stage.conversion.advanced} of the ${stage.conversion.reached} deals that reached ${stage.name} went on to ${next.name}.`}>
              <p tabIndex={0} className={cn('flex w-fit items-center gap-1 rounded text-xs text-gray-600 dark:text-gray-400', focusRing)}>
                <ArrowRightIcon className="size-3" aria-hidden />
                <span>
                  {formatPercent(stage.conversion.rate)} to {next.name}
                  <span className="sr-only">
                    {' '}
                    ({stage.conversion.advanced} of {stage.conversion.reached} deals)
                  </span>
                </span>
              </p>
            </Tooltip>
          ) : null}
        </header>
        {/* The deals scroll inside their column: the board, not the page, stays the viewport's height. */}
        <ul ref={setNodeRef} aria-label={`Deals in ${stage.name}`} className="flex min-h-28 flex-1 flex-col gap-2 overflow-y-auto overscroll-contain p-2" data-stage-deals>
          {ids.map((id) => {
            const deal = deals.get(id);
            if (!deal) return null;
            return (
              <li key={id}>
                <DealCard deal={deal} stageId={stage.id} today={today} canDrag={canWrite} dragging={drag?.dealId === id ? (drag.keyboard ? 'keyboard' : 'pointer') : null} onOpen={onOpen} />
              </li>
            );
          })}
          {ids.length === 0 ? <li className="px-2 py-6 text-center text-xs text-gray-500 dark:text-gray-400">{canWrite ? 'No deals — drop one here' : 'No deals'}</li> : null}
        </ul>
        {stage.hasMore ? (
          <footer className="border-t border-inherit px-3 py-2 text-xs text-gray-600 dark:text-gray-400">
            Showing {stage.deals.length} of {stage.count}.{' '}
            <Link to="/pipeline" search={listLinkSearch} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              See all in the list
            </Link>
          </footer>
        ) : null}
      </section>
    </div>
  );
}

const DealCard = memo(function DealCard({
  deal,
  stageId,
  today,
  canDrag,
  dragging,
  onOpen,
}: {
  deal: Deal;
  stageId: string;
  today: string;
  canDrag: boolean;
  dragging: 'pointer' | 'keyboard' | null;
  onOpen: (dealId: string) => void;
}) {
  const draggable = useDraggable({ id: deal.id, data: { stageId }, disabled: !canDrag });
  const droppable = useDroppable({ id: deal.id, data: { type: 'deal', stageId } satisfies DropData });
  const node = useRef<HTMLDivElement | null>(null);
  const { setNodeRef: setDragRef } = draggable;
  const { setNodeRef: setDropRef } = droppable;
  const setRef = useCallback(
    (el: HTMLDivElement | null) => {
      node.current = el;
      setDragRef(el);
      setDropRef(el);
    },
    [setDragRef, setDropRef],
  );
  // A card lifted with the keyboard moves through the page: keep it in view and focused.
  useEffect(() => {
    if (dragging !== 'keyboard' || !node.current) return;
    node.current.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (document.activeElement !== node.current) node.current.focus({ preventScroll: true });
  });

  const { onKeyDown, ...listeners } = draggable.listeners ?? {};
  return (
    <div
      ref={setRef}
      {...draggable.attributes}
      {...listeners}
      aria-describedby={canDrag ? draggable.attributes['aria-describedby'] : undefined}
      aria-roledescription={canDrag ? 'draggable deal' : 'deal'}
      aria-label={cardLabel(deal)}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        (onKeyDown as ((e: KeyboardEvent<HTMLDivElement>) => void) | undefined)?.(event);
        if (!event.defaultPrevented && event.key === 'Enter' && !dragging) {
          event.preventDefault();
          onOpen(deal.id);
        }
      }}
      onClick={() => {
        if (Date.now() > suppressClickUntil) onOpen(deal.id);
      }}
      className={cn(
        'block cursor-pointer touch-manipulation rounded-lg',
        focusRing,
        'focus-visible:ring-offset-0',
        dragging === 'pointer' && 'opacity-40',
        dragging === 'keyboard' && 'ring-2 ring-indigo-500 ring-offset-2 dark:ring-indigo-400 dark:ring-offset-gray-950',
      )}
    >
      <DealCardView deal={deal} today={today} lifted={dragging === 'keyboard'} />
    </div>
  );
});

function cardLabel(deal: Deal): string {
  return [deal.title, formatMoney(deal.value.valueMinor, deal.value.currency), deal.contact?.name].filter(Boolean).join(', ');
}

function DealCardView({ deal, today, overlay = false, lifted = false }: { deal: Deal; today: string; overlay?: boolean; lifted?: boolean }) {
  const late = deal.status === 'open' && deal.expectedCloseDate !== null && deal.expectedCloseDate < today;
  return (
    <article
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-3 text-sm shadow-sm transition-shadow hover:shadow-md dark:border-gray-700 dark:bg-gray-950',
        (overlay || lifted) && 'rotate-1 shadow-xl',
        overlay && 'cursor-grabbing',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="line-clamp-2 font-medium text-gray-900 dark:text-white">{deal.title}</p>
        {deal.isRecurring ? (
          <span title="Recurring" className="shrink-0 text-indigo-600 dark:text-indigo-400">
            <RepeatIcon className="size-4" aria-hidden />
            <span className="sr-only">Recurring</span>
          </span>
        ) : null}
      </div>
      {deal.contact ? (
        <p className="truncate text-xs text-gray-600 dark:text-gray-400">
          {deal.contact.name}
          {deal.contact.companyName ? ` · ${deal.contact.companyName}` : ''}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs">
        <span className="font-semibold text-gray-900 tabular-nums dark:text-gray-100">{formatMoney(deal.value.valueMinor, deal.value.currency)}</span>
        <span className="text-gray-500 dark:text-gray-400">{deal.probability}%</span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-gray-500 dark:text-gray-400">
        {deal.expectedCloseDate ? (
          <span className={cn('inline-flex items-center gap-1', late && 'font-medium text-red-600 dark:text-red-400')}>
            <CalendarIcon className="size-3.5" aria-hidden />
            {late ? <span className="sr-only">Overdue, expected</span> : <span className="sr-only">Expected close</span>}
            {formatCalendarDate(deal.expectedCloseDate)}
          </span>
        ) : (
          <span>No close date</span>
        )}
        {deal.owner ? (
          <span className="inline-flex max-w-[9rem] items-center gap-1 truncate">
            <UserIcon className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{deal.owner.name}</span>
          </span>
        ) : null}
      </div>
    </article>
  );
}
