/** The end of a community page or article: when it was last checked, and the documents its claims rest on. */
import type { Source } from "~/content/content.server";
import { formatDate } from "~/lib/dates";

export function LastReviewed({ date, className = "" }: { date: string | undefined; className?: string }) {
  if (!date) return null;
  return (
    <p className={`text-sm text-sand-700 ${className}`}>
      Last reviewed <time dateTime={date}>{formatDate(date)}</time>
    </p>
  );
}

export function Sources({ sources }: { sources: Source[] }) {
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby="sources" className="mt-12 border-t border-sand-200 pt-8">
      <h2 id="sources" className="font-serif text-2xl font-bold text-navy-900">
        Sources
      </h2>
      <ol className="mt-4 list-decimal space-y-2 ps-6 text-sm leading-relaxed">
        {sources.map((s) => (
          <li key={s.url}>
            {s.publisher},{" "}
            <a href={s.url} target="_blank" rel="noopener noreferrer" className="text-navy-700 underline">
              {s.title}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            , <time dateTime={s.date}>{formatDate(s.date)}</time>.
          </li>
        ))}
      </ol>
    </section>
  );
}
