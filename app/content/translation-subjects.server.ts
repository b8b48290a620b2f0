/**
 * What staff can translate (issue 34), as the translation editor sees it: a content document (a page, a person,
 * the partners, the settings), or a news item, whose title and excerpt are kept at `news/<id>`. Each says its
 * words, their English and how a translation is checked; the editor, the store and the outdated marks are
 * the same for both.
 */
import { href } from "react-router";
import type { EditorField, EditorList, EditorValues } from "./editor-shape";
import { kindOf } from "./document-kinds.server";
import { fieldErrors, formOf, siteRuleError } from "./editing.server";
import { editorFor } from "./editors";
import { ContentError } from "./parse";
import type { SiteContent } from "./collections.server";
import type { ContentStore } from "./store.server";
import { isTranslatable, translatableParts, translatedSource, type TranslationText } from "./translations.server";
import { newsIdOf } from "./translation-store.server";
import type { FieldErrors } from "~/lib/validation";

export interface TranslationSubject {
  path: string;
  title: string;
  /** Its English editor. */
  editor: string;
  /** The page visitors read it on, in English; null for what every page shows. */
  visitorPath: string | null;
  parts: { fields: EditorField[]; lists: EditorList[]; body: boolean };
  /** Its fields in the English editor's groups, in their order. */
  groups: { legend: string; names: string[] }[];
  english: EditorValues;
  bodyHint: string | null;
  /** The translation's errors, by field, as the English it is laid over would have them. */
  check(text: TranslationText): FieldErrors;
}

/** The community pages' sections are found by their English headings, which the page shows in its language. */
const COMMUNITY_SECTIONS =
  "Keep each line that starts with ## as it is in English (“## Under Attack”, “## Culture”…): it marks a section, and visitors see the section's name in their language.";

const NEWS_FIELDS: EditorField[] = [
  { name: "title", label: "Title", type: "text" },
  { name: "excerpt", label: "Excerpt", type: "textarea" },
];
/** The English news form's limits, for a translation's words. */
const NEWS_LIMITS: Record<string, number> = { title: 200, excerpt: 600 };

interface Sources {
  content: SiteContent;
  contentStore: ContentStore;
  news: { get(id: string): Promise<{ id: string; title: string; excerpt: string } | undefined> };
}

/** The thing at `path` staff can translate; null for anything else. */
export async function translationSubject({ content, contentStore, news }: Sources, path: string): Promise<TranslationSubject | null> {
  const newsId = newsIdOf(path);
  if (newsId) {
    const item = await news.get(newsId);
    if (!item) return null;
    return {
      path,
      title: item.title,
      editor: href("/admin/news/:id", { id: item.id }),
      visitorPath: null,
      parts: { fields: NEWS_FIELDS, lists: [], body: false },
      groups: [{ legend: "News item", names: NEWS_FIELDS.map((f) => f.name) }],
      english: { values: { title: item.title, excerpt: item.excerpt }, lists: {}, body: "", revision: 0 },
      bodyHint: null,
      check: (text) =>
        Object.fromEntries(
          NEWS_FIELDS.flatMap((f) => {
            const value = text.values[f.name] ?? "";
            return value.length > NEWS_LIMITS[f.name]! ? [[f.name, [`${f.label} must be at most ${NEWS_LIMITS[f.name]} characters`]]] : [];
          }),
        ),
    };
  }
  const found = kindOf(path);
  const stored = found ? await contentStore.get(path) : null;
  const title = found && stored ? found.kind.title(content, found.slug) : undefined;
  if (!found || !stored || !title) return null;
  if (!isTranslatable(path)) return null;
  const { kind, slug } = found;
  const parts = translatableParts(kind);
  return {
    path,
    title,
    editor: editorFor(path)!,
    visitorPath: kind.visitorPath(slug),
    parts,
    groups: kind.shape.groups.map((g) => ({ legend: g.legend, names: g.order })),
    english: formOf(path, stored),
    bodyHint: kind.name === "community" ? COMMUNITY_SECTIONS : null,
    check(text) {
      const source = translatedSource(kind, stored.source, text);
      const errors = fieldErrors(kind, source);
      if (Object.keys(errors).length) return errors;
      try {
        contentStore.siteWith([{ path, source }]);
        return {};
      } catch (err) {
        if (err instanceof ContentError) return siteRuleError(kind, path, err);
        throw err;
      }
    },
  };
}
