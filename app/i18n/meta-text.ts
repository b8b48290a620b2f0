/**
 * The page's interface text in a route's `meta`, which has no hooks: the root loader's strings and language,
 * read from the matches as `rootMeta` (app/lib/seo.ts) reads its meta data. `t(key, values)` as in `useText()`.
 */
import { SOURCE_LANGUAGE, type LanguageCode } from "./languages";
import { fillIn, type InterfaceText, type MessageKey } from "./text";

export function metaText(matches: readonly unknown[]) {
  const root = (matches[0] as { loaderData?: { text?: Partial<InterfaceText>; languages?: { language?: LanguageCode } } } | undefined)
    ?.loaderData;
  const language = root?.languages?.language ?? SOURCE_LANGUAGE;
  return (key: MessageKey, values?: Record<string, string | number>) => fillIn(language, root?.text?.[key] ?? key, values);
}
