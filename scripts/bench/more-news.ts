/** The first edition's news again and again, spread over ten years, each with an address of its own: a site with years of news. */
import { firstEdition } from "../../app/content/content.server";
import type { NewsSeedItem } from "../../app/content/schemas";

export function moreNews(count: number): NewsSeedItem[] {
  const base = firstEdition().news;
  return Array.from({ length: count }, (_, i) => {
    const item = base[i % base.length]!;
    const day = new Date(Date.UTC(2016, 0, 1) + ((i * 7919) % 3650) * 86_400_000).toISOString().slice(0, 10);
    return { ...item, id: `bench-${i}`, publishedDate: day, originalUrl: `${item.originalUrl}#bench-${i}` };
  });
}
