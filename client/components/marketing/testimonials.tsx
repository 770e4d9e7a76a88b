import { useT } from '../../i18n';

export type Testimonial = { quote: string; name: string; role: string; company: string; result?: string };

/** Customer quotes, each a figure with its source. */
export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  const { t } = useT();
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.name} className="flex flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900">
          <figure className="flex flex-1 flex-col">
            {item.result ? <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">{item.result}</p> : null}
            <blockquote className="mt-2 flex-1 text-gray-800 dark:text-gray-200">{t('marketing.quote', { text: item.quote })}</blockquote>
            <figcaption className="mt-4 text-sm">
              <span className="block font-semibold text-gray-900 dark:text-white">{item.name}</span>
              <span className="text-gray-600 dark:text-gray-300">{t('marketing.byline', { first: item.role, second: item.company })}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
