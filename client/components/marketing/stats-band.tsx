export type Stat = { value: string; label: string };

/** A row of headline figures (marketing claims of spec §1 and §9). */
export function StatsBand({ stats, label }: { stats: readonly Stat[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map((s) => (
        <div key={s.label} className="rounded-xl border border-gray-200 bg-white p-5 text-center dark:border-gray-800 dark:bg-gray-900">
          <dt className="text-sm text-gray-600 dark:text-gray-300">{s.label}</dt>
          <dd className="order-first text-3xl font-bold tracking-tight text-indigo-700 dark:text-indigo-300">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
