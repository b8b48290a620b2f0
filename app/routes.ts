import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { PREFIXED_LANGUAGES } from "./i18n/languages";

/** The visitor's pages, in English at their own addresses and in every other language under its prefix. */
const publicPages = (language?: string) => {
  const id = (name: string) => (language ? `${language}/${name}` : name);
  return [
    index("routes/home.tsx", { id: id("home") }),
    route("about", "routes/about.tsx", { id: id("about") }),
    route("team/board-of-directors", "routes/team.board.tsx", { id: id("board-of-directors") }),
    route("team/director/:id", "routes/team.member.tsx", { id: id("director") }),
    route("team/board-of-advisors", "routes/team.board.tsx", { id: id("board-of-advisors") }),
    route("team/advisor/:id", "routes/team.member.tsx", { id: id("advisor") }),
    route("communities", "routes/communities._index.tsx", { id: id("communities") }),
    route("communities/:community", "routes/communities.$community.tsx", { id: id("community") }),
    route("communities/:community/news", "routes/communities.$community.news.tsx", { id: id("community-news") }),
    route("ideology/:section", "routes/ideology.$section.tsx", { id: id("ideology") }),
    route("partners", "routes/partners.tsx", { id: id("partners") }),
    route("join-us", "routes/join-us.tsx", { id: id("join-us") }),
    route("donate", "routes/donate.tsx", { id: id("donate") }),
    route("contact", "routes/contact.tsx", { id: id("contact") }),
    route("search", "routes/search.tsx", { id: id("search") }),
    route("privacy-policy", "routes/legal.tsx", { id: id("privacy-policy") }),
    route("terms-of-use", "routes/legal.tsx", { id: id("terms-of-use") }),
    // The news feeds: in each language, its translations of the items, English where an item has none.
    route("communities/:community/news.xml", "routes/communities.$community.news[.]xml.ts", { id: id("community-feed") }),
    route("news.xml", "routes/news[.]xml.ts", { id: id("news-feed") }),
  ];
};

/** The route table (docs/product.md, "Pages"), written by hand so it reads like that table. */
export default [
  ...publicPages(),
  ...PREFIXED_LANGUAGES.flatMap((language) => prefix(language, publicPages(language))),
  // English has no prefix: /en/… is the same address without it.
  route("en/*", "routes/english-prefix.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("opensearch.xml", "routes/opensearch[.]xml.ts"),
  route("api/:name", "routes/submission-endpoint.ts", { id: "api" }),
  // Where the original front end's backend client library sends the same calls.
  route("functions/v1/:name", "routes/submission-endpoint.ts", { id: "functions" }),
  // The staff area: sign-in and setup are open; everything else is behind the layout's session check.
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("login/code", "routes/admin/login-code.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("setup/:token", "routes/admin/setup.tsx"),
    // The auth library's passkey endpoints (the ceremony runs in the browser).
    route("auth/*", "routes/admin/auth.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.ts"),
      route("authenticator", "routes/admin/enrol.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("accounts", "routes/admin/accounts.tsx"),
      route("unlock", "routes/admin/unlock.tsx"),
      route("inbox-key", "routes/admin/inbox-key.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("news", "routes/admin/news.tsx"),
      route("news/new", "routes/admin/news-edit.tsx", { id: "news-new" }),
      route("news/:id", "routes/admin/news-edit.tsx", { id: "news-edit" }),
      route("site", "routes/admin/site.tsx"),
      route("site/pages", "routes/admin/site-pages.tsx"),
      route("site/history", "routes/admin/site-history.tsx"),
      // The interface text's languages, and (with :language) one language's strings to correct.
      route("site/interface-text/:language?", "routes/admin/site-interface-text.tsx"),
      // Every document has the one editor, site-document.tsx. :document is "settings" or "partners"
      // (app/content/editors.ts); the lists above, named, come first.
      route("site/:document", "routes/admin/site-document.tsx", { id: "site-file" }),
      route("site/pages/:kind/:slug", "routes/admin/site-document.tsx", { id: "site-page" }),
      route("site/translation/:language", "routes/admin/site-translation.tsx"),
      route("site/people", "routes/admin/site-people.tsx"),
      route("site/people/:board/:id", "routes/admin/site-document.tsx", { id: "site-person" }),
      route("people", "routes/admin/people.tsx"),
      route("people/export", "routes/admin/people-export.ts"),
      // :inbox is "messages" or "volunteers" (app/forms/inboxes.ts); anything else is 404.
      route(":inbox", "routes/admin/inbox.tsx"),
      route(":inbox/export.csv", "routes/admin/inbox-csv.ts"),
      route(":inbox/:id", "routes/admin/item.tsx"),
      route(":inbox/:id/edit", "routes/admin/item-edit.tsx"),
      route("*", "routes/admin/not-found.ts"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
