export function PageHeader({ title, intro, eyebrow }: { title: string; intro?: React.ReactNode; eyebrow?: string }) {
  return (
    <div className="bg-navy-900 text-white">
      <div className="mx-auto max-w-5xl px-4 py-14 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">{eyebrow}</p> : null}
        <h1 className="font-serif text-4xl font-bold sm:text-5xl">{title}</h1>
        {intro ? <div className="mt-4 max-w-3xl text-lg text-sand-100">{intro}</div> : null}
      </div>
    </div>
  );
}
