import { TextField } from '../form';

/** The stats' date range (UTC days, both included). */
export function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (range: { from: string; to: string }) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField label="From" type="date" value={from} max={to} onChange={(e) => e.target.value && onChange({ from: e.target.value, to })} />
      <TextField label="To" type="date" value={to} min={from} onChange={(e) => e.target.value && onChange({ from, to: e.target.value })} />
    </div>
  );
}
