import type { InterfaceLang } from "~/i18n/interface-lang";

/** `lang` and `dir`: where the header's words are the interface's inside an untranslated page (useInterfaceLang). */
export function PageHeader({
  title,
  intro,
  eyebrow,
  lang,
  dir,
}: { title: React.ReactNode; intro?: React.ReactNode; eyebrow?: string } & InterfaceLang) {
  return (
    <div className="bg-navy-900 text-white" lang={lang} dir={dir}>
      <div className="mx-auto max-w-5xl px-4 py-14 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">{eyebrow}</p> : null}
        <h1 className="font-serif text-4xl font-bold sm:text-5xl">{title}</h1>
        {intro ? <div className="mt-4 max-w-3xl text-lg text-sand-100">{intro}</div> : null}
      </div>
    </div>
  );
}
