import { Handle, type NodeProps, Position } from '@xyflow/react';
import { CircleAlertIcon, FlagIcon } from 'lucide-react';
import { cn } from '../../../../lib/cn';
import type { StartFlowNode, StepFlowNode, StepOutcome } from './flow';
import { NODE_HEIGHT, NODE_WIDTH } from './graph';

const card = 'rounded-lg border bg-white px-3 py-2 text-left shadow-sm dark:bg-gray-900';
const size = { width: NODE_WIDTH, minHeight: NODE_HEIGHT };

const OUTCOME_TONES: Record<StepOutcome, string> = {
  done: 'ring-2 ring-green-500',
  skipped: 'ring-2 ring-gray-400',
  waiting: 'ring-2 ring-amber-500',
  failed: 'ring-2 ring-red-500',
};

/** The fixed 'Workflow Start' marker: what enrols a contact. */
export function StartNode({ data, selected }: NodeProps<StartFlowNode>) {
  return (
    <div className={cn(card, 'border-indigo-300 bg-indigo-50 dark:border-indigo-800 dark:bg-indigo-950', selected && 'ring-2 ring-indigo-500')} style={size}>
      <p className="flex items-center gap-1.5 text-sm font-semibold text-indigo-900 dark:text-indigo-100">
        <FlagIcon className="size-4" aria-hidden />
        Workflow Start
      </p>
      <p className="mt-1 text-xs text-indigo-800 dark:text-indigo-200">
        {data.triggers.length ? `When: ${data.triggers.join(' or ')}` : 'Manual enrolment only (add a trigger from the Triggers tab)'}
      </p>
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}

export function StepNode({ data, selected }: NodeProps<StepFlowNode>) {
  const branches = data.handles.filter((h): h is string => h !== undefined);
  return (
    <div
      className={cn(
        card,
        'border-gray-200 dark:border-gray-700',
        data.invalid && 'border-red-400 dark:border-red-700',
        data.tested && OUTCOME_TONES[data.tested],
        selected && 'ring-2 ring-indigo-500',
      )}
      style={size}
      data-testid={`step-${data.title}`}
    >
      <Handle type="target" position={Position.Top} />
      <p className="text-xs font-medium tracking-wide text-gray-500 uppercase dark:text-gray-400">{data.kind}</p>
      <p className="truncate text-sm font-semibold text-gray-900 dark:text-white">{data.title}</p>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
        {data.invalid ? (
          <span className="flex items-center gap-1 text-red-700 dark:text-red-400">
            <CircleAlertIcon className="size-3.5" aria-hidden />
            Needs settings
          </span>
        ) : null}
        {data.tested ? <span className="text-gray-700 dark:text-gray-300">Test: {data.tested}</span> : null}
        {data.counts ? (
          <span className="text-gray-600 tabular-nums dark:text-gray-400" aria-label={`Runs at this step: ${data.counts.done} done, ${data.counts.waiting} waiting, ${data.counts.failed} failed`}>
            {data.counts.done} done · {data.counts.waiting} waiting · {data.counts.failed} failed
          </span>
        ) : null}
      </div>
      {branches.length ? (
        branches.map((branch, i) => (
          <Handle key={branch} id={branch} type="source" position={Position.Bottom} style={{ left: `${((i + 1) * 100) / (branches.length + 1)}%` }} aria-label={`Outcome ${branch}`}>
            <span className="pointer-events-none absolute top-2 -translate-x-1/2 text-[10px] text-gray-600 dark:text-gray-400">{branch}</span>
          </Handle>
        ))
      ) : (
        <Handle type="source" position={Position.Bottom} />
      )}
    </div>
  );
}

export const NODE_TYPES = { start: StartNode, step: StepNode };
