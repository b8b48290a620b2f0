/** The not-found view of a found route (an unknown community, article or team member): SPEC's words, status 404. */
export function NotFoundView({
  title,
  text,
  backHref,
  backLabel,
  consoleLines = [],
}: {
  title: string;
  text?: string;
  backHref: string;
  backLabel: string;
  consoleLines?: string[];
}) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      {consoleLines.map((line) => (
        <span key={line} hidden data-console={line} />
      ))}
      <h1 className="font-serif text-4xl font-bold text-navy-900">{title}</h1>
      {text ? <p className="mt-4 text-lg">{text}</p> : null}
      <p className="mt-8">
        <a href={backHref} className="btn-primary">
          {backLabel}
        </a>
      </p>
    </section>
  );
}
