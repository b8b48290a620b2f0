/** The rules staff's values meet, whichever way they arrive (a content file or an editor), in staff's words. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { parseMarkdownFile } from "./parse";
import { readContentFiles } from "./read-files.server";
import { homeSchema, ideologySchema, siteSchema } from "./schemas";

const files = readContentFiles(join(__dirname));
const home = parseMarkdownFile("pages/home.md", files["pages/home.md"]!, homeSchema).data;
const article = parseMarkdownFile("ideology/kidnapping.md", files["ideology/kidnapping.md"]!, ideologySchema).data;

/** The messages a value gets at the field it was typed in, or [] when it is accepted. */
function messagesAt(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
  path: string,
) {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error!.issues.filter((i) => i.path.join(".") === path).map((i) => i.message);
}

describe("a home card's link", () => {
  const withLink = (href: string) => ({ ...home, cards: home.cards.map((card, i) => (i === 0 ? { ...card, href } : card)) });

  it("accepts a page of this site", () => {
    for (const href of ["/", "/communities", "/communities/copts#history", "/search?q=yazidi", "/team/board-of-directors"])
      expect([href, messagesAt(homeSchema, withLink(href), "cards.0.href")]).toEqual([href, []]);
  });

  it("refuses another site's address, however it is disguised, with words for staff", () => {
    for (const href of [
      "//evil.example",
      "//evil.example/communities",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/communities\\..\\..",
      "https://evil.example/",
      "javascript:alert(1)",
      "communities",
      "",
    ])
      expect([href, messagesAt(homeSchema, withLink(href), "cards.0.href")]).toEqual([
        href,
        ["Enter a page of this site starting with one /, such as /communities"],
      ]);
  });
});

describe("an article's video and social posts (issue 20: known id and post formats)", () => {
  const VIDEO = "Enter the video's 11-character id, as in youtube.com/watch?v=<id>";
  const withVideo = (id: string) => ({ ...article, video: { provider: "YouTube", id, title: "A video" } });

  it("takes a YouTube id as the home page's video does, and refuses anything else", () => {
    for (const id of ["dQw4w9WgXcQ", "a-b_c1D2e3F"]) expect([id, messagesAt(ideologySchema, withVideo(id), "video.id")]).toEqual([id, []]);
    for (const id of ["abc", "dQw4w9WgXcQx", "https://youtu.be/dQw4w9WgXcQ", 'dQw4w9WgX"<', "dQw4w9WgX c"])
      expect([id, messagesAt(ideologySchema, withVideo(id), "video.id")]).toEqual([id, [VIDEO]]);
    const settings = (id: string) => ({ ...parseYaml(files["site.yaml"]!), homeVideo: { provider: "YouTube", id, title: "A video" } });
    expect(messagesAt(siteSchema, settings("abc"), "homeVideo.id")).toEqual([VIDEO]);
  });

  it("takes the address of a post on X as its embed reads it, and refuses a profile, another site or a page in clear", () => {
    const X = "Enter the address of a post on X, such as https://x.com/account/status/1234567890";
    const withTweet = (url: string) => ({ ...article, tweet: { url } });
    for (const url of [
      "https://x.com/UN_News/status/1789012345678901234",
      "https://twitter.com/UN_News/status/1789012345678901234?s=20",
      "https://www.x.com/a_b/status/1/",
      "https://mobile.twitter.com/UN/status/42",
    ])
      expect([url, messagesAt(ideologySchema, withTweet(url), "tweet.url")]).toEqual([url, []]);
    for (const url of [
      "https://x.com/UN_News",
      "http://x.com/UN_News/status/1789012345678901234",
      "https://x.com.evil.example/UN_News/status/1",
      "https://evil.example/x.com/UN/status/1",
      "https://x.com/UN_News/status/178901234abc",
      "https://x.com/UN_News/status/1/photo/1",
      "javascript:alert(1)//x.com/a/status/1",
      "",
    ])
      expect([url, messagesAt(ideologySchema, withTweet(url), "tweet.url")]).toEqual([url, [X]]);
  });

  it("takes a TikTok video's or an Instagram post's or reel's address, each checked against the network chosen beside it", () => {
    const TIKTOK = "Enter the address of a TikTok video, such as https://www.tiktok.com/@account/video/1234567890";
    const INSTAGRAM = "Enter the address of an Instagram post or reel, such as https://www.instagram.com/p/C1a2B3c4D5e/";
    const withPost = (provider: string, url: string) => ({ ...article, perspectives: [{ provider, url, title: "A post" }] });
    const accepted: [string, string][] = [
      ["TikTok", "https://www.tiktok.com/@amnesty/video/7311111111111111111"],
      ["TikTok", "https://tiktok.com/@un.news_/video/7311111111111111111?is_from_webapp=1"],
      ["Instagram", "https://www.instagram.com/p/C1a2B3c4D5e/"],
      ["Instagram", "https://www.instagram.com/reel/C1a2B3c4D5e/?igsh=abc"],
      ["Instagram", "https://instagram.com/amnesty/p/C1a2B3c4D5e"],
    ];
    for (const [provider, url] of accepted)
      expect([url, messagesAt(ideologySchema, withPost(provider, url), "perspectives.0.url")]).toEqual([url, []]);
    const refused: [string, string, string][] = [
      ["TikTok", "https://www.tiktok.com/@amnesty", TIKTOK],
      ["TikTok", "https://www.instagram.com/p/C1a2B3c4D5e/", TIKTOK],
      ["TikTok", "http://www.tiktok.com/@amnesty/video/7311111111111111111", TIKTOK],
      ["TikTok", "https://vm.tiktok.com/ZMabcdef/", TIKTOK],
      ["Instagram", "https://www.instagram.com/amnesty/", INSTAGRAM],
      ["Instagram", "https://www.tiktok.com/@amnesty/video/7311111111111111111", INSTAGRAM],
      ["Instagram", 'https://www.instagram.com/p/C1a2B"><script>/', INSTAGRAM],
    ];
    for (const [provider, url, message] of refused)
      expect([provider, url, messagesAt(ideologySchema, withPost(provider, url), "perspectives.0.url")]).toEqual([
        provider,
        url,
        [message],
      ]);
  });
});
