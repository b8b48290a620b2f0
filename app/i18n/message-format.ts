/**
 * ICU messages compiled once per language and text, with intl-messageformat: plurals by each language's CLDR
 * rules (Arabic has six forms), numbers in its digits, grouped only from five digits on ("less than 1000
 * characters", "1234 results", "12,345 results"). The server's messages (interface-text.server.ts) and the
 * pages' plurals (plurals.tsx) both say their strings with it.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { digitsOf, intlLocale, type LanguageCode } from "./languages";

const numberFormats = new Map<string, Intl.NumberFormat>();
const formatters = {
  getNumberFormat: (locales: string | string[], options?: Intl.NumberFormatOptions) => {
    const id = JSON.stringify([locales, options]);
    let format = numberFormats.get(id);
    if (!format) {
      format = new Intl.NumberFormat(locales, {
        useGrouping: "min2",
        ...digitsOf(String(locales)),
        ...options,
      } as Intl.NumberFormatOptions);
      numberFormats.set(id, format);
    }
    return format;
  },
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

const compiled = new Map<string, IntlMessageFormat>();

/** `message` in `language`, ready to be said with its values. */
export function compileMessage(language: LanguageCode, message: string): IntlMessageFormat {
  const id = `${language}\u0000${message}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(message, intlLocale(language), undefined, { formatters });
    compiled.set(id, format);
  }
  return format;
}
